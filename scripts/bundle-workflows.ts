// Bundles the workflow code once at build time so workers start without running webpack.
import { bundleWorkflowCode } from '@temporalio/worker';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { workflowBundlePath, workflowSourcePath } from '../src/temporal/workflow-bundle.js';

const { code } = await bundleWorkflowCode({ workflowsPath: workflowSourcePath() });
const out = workflowBundlePath();
await mkdir(dirname(out), { recursive: true });
await writeFile(out, code);
console.log(`workflow bundle: ${out} (${(code.length / 1024).toFixed(0)} KiB)`);
