// The parser's public surface.
export { parseFile } from './parser.js';
