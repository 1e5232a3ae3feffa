// Prints the README's Configuration table from the schema of the SMI_* variables (src/config/variables.ts).
import { configurationTable } from '../src/config/table.js';

console.log(configurationTable());
