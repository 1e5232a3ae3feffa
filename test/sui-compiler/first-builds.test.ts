// When may a build start while stubs are being made? Cases derived from what each build makes: the first
// over a framework makes the framework's stubs, later first builds only their own target's.
import { describe, expect, it } from 'vitest';
import { FirstBuilds } from '../../src/sui-compiler/first-builds.js';

const corpus = (targetId?: string) => ({ corpusRoot: 'corpus', ...(targetId ? { targetId } : {}) });
const A = corpus('0xa');
const B = corpus('0xb');

describe('first builds', () => {
  it('over a framework no build has prepared, run one at a time', () => {
    const builds = new FirstBuilds();
    expect(builds.mayStart(A)).toBe(true);
    builds.started(A);
    expect(builds.mayStart(B)).toBe(false);
    expect(builds.mayStart(corpus())).toBe(false);
    // another framework's stubs are not being made
    expect(builds.mayStart({ corpusRoot: 'corpus', frameworkDir: 'fw', targetId: '0xb' })).toBe(true);
  });

  it('once one has stored the framework’s stubs, run side by side for different targets, not the same one', () => {
    const builds = new FirstBuilds();
    builds.started(A);
    builds.finished(A, true);
    expect(builds.mayStart(A)).toBe(true);
    builds.started(B);
    expect(builds.mayStart(corpus('0xc'))).toBe(true);
    expect(builds.mayStart(B)).toBe(false);
    builds.finished(B, true);
    expect(builds.mayStart(B)).toBe(true);
  });

  it('after a build that stored nothing (crashed, timed out), the next build is a first build again', () => {
    const builds = new FirstBuilds();
    builds.started(A);
    builds.finished(A, false);
    expect(builds.mayStart(A)).toBe(true);
    builds.started(A);
    expect(builds.mayStart(B)).toBe(false);
  });
});
