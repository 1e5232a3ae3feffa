import { describe, expect, inject, it } from 'vitest';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/names.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';

describe('the test Temporal dev server', () => {
  it('answers and has the smi-bench search attributes registered in every namespace', async () => {
    const connection = await Connection.connect({ address: inject('temporalAddress') });
    try {
      for (const namespace of Object.values(TEST_NAMESPACES)) {
        const res = await connection.operatorService.listSearchAttributes({ namespace });
        const custom = Object.keys(res.customAttributes ?? {});
        for (const key of Object.values(SEARCH_ATTRIBUTES)) expect(custom).toContain(key.name);
      }
    } finally {
      await connection.close();
    }
  });
});
