// Package ids upstream always leaves out: base58-looking ids, not hex, in the corpus metadata.
export const BLACKLISTED_PACKAGE_IDS: ReadonlySet<string> = new Set([
  'FBNeU62dhM5gZsBgq2gUKRxYRo2QpriciUeNjLLT5VUj',
  '7RpDrVZdZjUFkKuRyAmLoqDpLcPHmGyi6zCGfhCeWgCn',
  'G5uEKjtXUWMDxCyzBq6RMGrDWVxxDadVza79N4qa45hE',
]);
