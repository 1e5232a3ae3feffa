// The errors a VM job's caller expects and handles, carried across the thread boundary (an Error's class
// does not survive structured cloning) and thrown again, as the same class, on the caller's side. Any other
// error in a thread is no answer: the pool reports the job as crashed and retires the thread.
import { GrpcStatusError } from '../fullnode/grpc-web.js';
import { PackageReadError, type PackageReadErrorCode } from '../move/errors.js';
import { SimulationError, type SimulationErrorKind } from '../sim/errors.js';
import { VmLoadError } from '../vm/errors.js';
import type { CarriedError } from './jobs.js';

export function carriedError(error: unknown): CarriedError | null {
  if (error instanceof VmLoadError) return { name: 'VmLoadError', message: error.message };
  if (error instanceof SimulationError)
    return { name: 'SimulationError', message: error.message, detail: error.kind };
  if (error instanceof PackageReadError)
    return { name: 'PackageReadError', message: error.message, detail: error.code };
  if (error instanceof GrpcStatusError)
    return { name: 'GrpcStatusError', message: error.message, detail: error.code };
  return null;
}

export function rebuiltError(carried: CarriedError): Error {
  switch (carried.name) {
    case 'SimulationError':
      return new SimulationError(carried.detail as SimulationErrorKind, carried.message);
    case 'PackageReadError':
      return new PackageReadError(carried.detail as PackageReadErrorCode, carried.message);
    case 'GrpcStatusError':
      return new GrpcStatusError(carried.detail as number, carried.message);
    default:
      return new VmLoadError(carried.message);
  }
}
