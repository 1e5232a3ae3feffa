import { describe, expect, inject, it } from 'vitest';
import { Connection } from '@temporalio/client';
import { NAMESPACE, SEARCH_ATTRIBUTES } from '../../src/temporal/names.js';

describe('the test Temporal dev server', () => {
  it('answers and has the smi-bench search attributes registered', async () => {
    const connection = await Connection.connect({ address: inject('temporalAddress') });
    try {
      const res = await connection.operatorService.listSearchAttributes({ namespace: NAMESPACE });
      const custom = Object.keys(res.customAttributes ?? {});
      for (const key of Object.values(SEARCH_ATTRIBUTES)) expect(custom).toContain(key.name);
    } finally {
      await connection.close();
    }
  });
});
