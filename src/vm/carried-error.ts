// The errors every VM job's caller expects when a package will not load (VmLoadError, PackageReadError),
// carried across a VM thread's boundary as data (an Error's class does not survive structured cloning) and
// thrown again as the same class on the caller's side. Kinds of job that throw more (a rejected plan, a
// node's status) carry those first and hand the rest to these.
import { PackageReadError, type PackageReadErrorCode } from '../move/errors.js';
import type { CarriedError } from '../vm-pool/jobs.js';
import { VmLoadError } from './errors.js';

/** The error as data, or null when it is none the caller expects (the job then counts as crashed). */
export function carriedLoadError(error: unknown): CarriedError | null {
  if (error instanceof VmLoadError) return { name: 'VmLoadError', message: error.message };
  if (error instanceof PackageReadError)
    return { name: 'PackageReadError', message: error.message, detail: error.code };
  return null;
}

export function rebuiltLoadError(carried: CarriedError): Error {
  return carried.name === 'PackageReadError'
    ? new PackageReadError(carried.detail as PackageReadErrorCode, carried.message)
    : new VmLoadError(carried.message);
}
