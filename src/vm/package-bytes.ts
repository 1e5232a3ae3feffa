// What the VM loads: a package as bytes (its id, its modules, its type origin table), wherever they came
// from (a corpus folder, a chain, a compiler), and the one spelling of ids the VM keys packages by.
import { addressDigits, isAddress } from '../move/address.js';
import { VmLoadError } from './errors.js';

/**
 * One row of Sui's type origin table: the datatype `module::name` of the package was first defined by the
 * package version `package` (its defining id). For a type added by an upgrade that is the upgrade's storage
 * id, not the original id its modules carry.
 */
export interface TypeOrigin {
  module: string;
  name: string;
  /** The defining id, `0x…`. */
  package: string;
}

export interface PackageBytes {
  /** The package's (storage) id, `0x…`; for an upgraded package it differs from its modules' address. */
  id: string;
  modules: { bytes: Uint8Array; label: string }[];
  /**
   * The package's type origin table. Missing (the framework, packages never upgraded, fixtures): every type
   * is defined by the original id, the address its modules carry.
   */
  typeOrigins?: TypeOrigin[];
}

export const FRAMEWORK_IDS = ['0x1', '0x2', '0x3'] as const;

/** 64 lowercase hex digits, as the VM keys packages and objects. @throws VmLoadError for no address */
export function normalizeId(id: string): string {
  if (!isAddress(id)) throw new VmLoadError(`not a package id: ${id}`);
  return addressDigits(id);
}
