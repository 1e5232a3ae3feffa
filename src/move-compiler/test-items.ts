// `sui move build` leaves out what exists only for tests: modules and members marked `#[test_only]`, and
// `#[test]` / `#[random_test]` functions. We do the same, before checking, so they cost nothing and cannot
// fail a build.
import type { Attribute, ModuleMember, SourceFile } from './ast.js';

const TEST_ATTRIBUTES = new Set(['test_only', 'test', 'random_test']);

function isTestOnly(attributes: Attribute[]): boolean {
  return attributes.some((attribute) => TEST_ATTRIBUTES.has(attribute.name.value));
}

export function withoutTestItems(file: SourceFile): SourceFile {
  return {
    ...file,
    modules: file.modules
      .filter((module) => !isTestOnly(module.attributes))
      .map((module) => ({
        ...module,
        members: module.members.filter((member: ModuleMember) => !isTestOnly(member.attributes)),
      })),
  };
}
