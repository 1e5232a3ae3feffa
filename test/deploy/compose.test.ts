// The Docker deployment (docker-compose.yml, Dockerfile, deploy/) against what smi-bench relies on: workers
// reach the server as temporal:7233 and scale out, the search attributes match src/temporal/names.ts, and the
// CLI and the workers see the same files at the same paths (paths travel through workflow history).
// No Docker engine needed: the compose file is read as YAML with js-yaml (a dev dependency); anchors and
// `<<` merges resolve as Compose resolves them.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SearchAttributeType } from '@temporalio/common';
import { load } from 'js-yaml';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/names.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dict(value: unknown, what: string): Dict {
  if (!isDict(value)) throw new Error(`${what} is not a mapping`);
  return value;
}

const loaded = { compose: dict(load(readFileSync(COMPOSE_FILE, 'utf8')), 'compose file') };

function service(name: string): Dict {
  const services = dict(loaded.compose.services, 'services');
  return dict(services[name], `service ${name}`);
}

/** A service's environment, from either the mapping or the list form. */
function environment(svc: Dict): Record<string, string> {
  const env = svc.environment;
  const out: Record<string, string> = {};
  if (Array.isArray(env)) {
    for (const item of env) {
      const text = String(item);
      const eq = text.indexOf('=');
      if (eq > 0) out[text.slice(0, eq)] = text.slice(eq + 1);
    }
  } else if (isDict(env)) {
    for (const [k, v] of Object.entries(env)) out[k] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

interface Mount {
  source: string;
  target: string;
  readOnly: boolean;
}

/** A service's volumes, from the long form or the short `source:target[:ro]` form. */
function mounts(svc: Dict): Mount[] {
  const volumes = svc.volumes;
  if (!Array.isArray(volumes)) return [];
  return volumes.map((v: unknown) => {
    if (isDict(v)) {
      return { source: String(v.source), target: String(v.target), readOnly: v.read_only === true };
    }
    const parts = String(v).split(':');
    const ro = parts[parts.length - 1] === 'ro';
    const target = ro ? parts[parts.length - 2] : parts[parts.length - 1];
    return { source: parts.slice(0, ro ? -2 : -1).join(':'), target: String(target), readOnly: ro };
  });
}

function dependsOn(svc: Dict): Record<string, string> {
  const deps = svc.depends_on;
  if (Array.isArray(deps))
    return Object.fromEntries(deps.map((d: unknown) => [String(d), 'service_started']));
  if (!isDict(deps)) return {};
  return Object.fromEntries(
    Object.entries(deps).map(([k, v]) => [k, isDict(v) ? String(v.condition) : 'service_started']),
  );
}

/** Container ports a service publishes (short `[ip:]host:container` strings or long-form entries). */
function publishedContainerPorts(svc: Dict): number[] {
  const ports = svc.ports;
  if (!Array.isArray(ports)) return [];
  return ports.map((p: unknown) => (isDict(p) ? Number(p.target) : Number(String(p).split(':').pop())));
}

const SMI_SERVICES = ['worker', 'cli'];

describe('docker-compose.yml', () => {
  it('has the database, the Temporal server and its setup jobs, the UI, the workers and the CLI', () => {
    const services = Object.keys(dict(loaded.compose.services, 'services'));
    for (const name of [
      'postgresql',
      'temporal-schema',
      'temporal',
      'temporal-init',
      'temporal-ui',
      'worker',
      'cli',
    ]) {
      expect(services).toContain(name);
    }
  });

  it('runs workers that reach the server by service name and can be scaled', () => {
    const worker = service('worker');
    expect(environment(worker).TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports).toBeUndefined();
    expect(worker.profiles).toBeUndefined();
    expect(worker.build).toBeDefined();
    const command = worker.command;
    expect(command === undefined || JSON.stringify(command) === '["worker"]').toBe(true);
  });

  it('makes the workers wait for a healthy server and for the namespace setup', () => {
    const deps = dependsOn(service('worker'));
    expect(deps.temporal).toBe('service_healthy');
    expect(deps['temporal-init']).toBe('service_completed_successfully');
    expect(dependsOn(service('temporal'))['temporal-schema']).toBe('service_completed_successfully');
    expect(dependsOn(service('temporal-schema')).postgresql).toBe('service_healthy');
    expect(dict(service('temporal').healthcheck, 'temporal healthcheck').test).toBeDefined();
    expect(dict(service('postgresql').healthcheck, 'postgresql healthcheck').test).toBeDefined();
  });

  it('keeps PostgreSQL data in a named volume', () => {
    const data = mounts(service('postgresql')).find((m) => m.target === '/var/lib/postgresql/data');
    expect(data).toBeDefined();
    expect(Object.keys(dict(loaded.compose.volumes, 'top-level volumes'))).toContain(data?.source);
  });

  it('creates exactly the search attributes of src/temporal/names.ts', () => {
    const env = environment(service('temporal-init'));
    const listed = (env.SMI_SEARCH_ATTRIBUTES ?? '').split(/\s+/).filter(Boolean).sort();
    const expected = Object.values(SEARCH_ATTRIBUTES)
      .map((key) => key.name)
      .sort();
    expect(listed).toEqual(expected);
    // Every attribute is a Keyword, which is what the job creates.
    for (const key of Object.values(SEARCH_ATTRIBUTES)) expect(key.type).toBe(SearchAttributeType.KEYWORD);
    expect(readFileSync(join(ROOT, 'deploy/temporal/init-namespace.sh'), 'utf8')).toContain('--type Keyword');
  });

  it('uses one namespace everywhere, passed under the name smi-bench reads', () => {
    const namespaces = [...SMI_SERVICES, 'temporal-init'].map(
      (name) => environment(service(name)).TEMPORAL_NAMESPACE,
    );
    expect(namespaces[0]).toBeTruthy();
    expect(new Set(namespaces).size).toBe(1);
    expect(readFileSync(join(ROOT, 'src/temporal/names.ts'), 'utf8')).toContain('TEMPORAL_NAMESPACE');
    expect(readFileSync(join(ROOT, 'deploy/temporal/init-namespace.sh'), 'utf8')).toContain(
      '${TEMPORAL_NAMESPACE',
    );
  });

  it('mounts the same host folders at the same container paths in the workers and the CLI', () => {
    const [worker, cli] = SMI_SERVICES.map((name) => mounts(service(name)));
    const byTarget = (list: Mount[] | undefined) =>
      Object.fromEntries((list ?? []).map((m) => [m.target, { source: m.source, readOnly: m.readOnly }]));
    expect(byTarget(cli)).toEqual(byTarget(worker));
    const targets = Object.keys(byTarget(worker));
    expect(targets).toEqual(expect.arrayContaining(['/data/corpus', '/data/logs', '/data/datasets']));
    expect(byTarget(worker)['/data/corpus']?.readOnly).toBe(true);
    expect(byTarget(worker)['/data/logs']?.readOnly).toBe(false);

    // The paths the containers use by configuration lie on those mounts, identically everywhere.
    const underMount = (path: string) => targets.some((t) => path === t || path.startsWith(`${t}/`));
    const envs = SMI_SERVICES.map((name) => environment(service(name)));
    for (const key of ['SMI_HOME', 'SMI_DATASETS_DIR', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE']) {
      expect(new Set(envs.map((e) => e[key])).size).toBe(1);
    }
    for (const key of ['SMI_HOME', 'SMI_DATASETS_DIR']) {
      const value = envs[0]?.[key] ?? '';
      expect(posix.isAbsolute(value) && underMount(value), `${key}=${value}`).toBe(true);
    }
    // The logs mount is writable once prepared: the preparing job sees the same host folder.
    const prepared = mounts(service('prepare-logs')).find((m) => m.target === '/data/logs');
    expect(prepared?.source).toBe(byTarget(worker)['/data/logs']?.source);
  });

  it('offers the CLI on demand only, with the model settings from an optional .env', () => {
    const cli = service('cli');
    expect(cli.profiles).toEqual(['cli']);
    expect(cli.container_name).toBeUndefined();
    for (const name of SMI_SERVICES) {
      const envFiles = service(name).env_file;
      expect(Array.isArray(envFiles), `${name} env_file`).toBe(true);
      const first = (envFiles as unknown[])[0];
      expect(isDict(first) && String(first.path).endsWith('.env') && first.required === false).toBe(true);
    }
  });

  it('passes worker settings under the names src/worker.ts reads', () => {
    const source = readFileSync(join(ROOT, 'src/worker.ts'), 'utf8');
    const smiKeys = Object.keys(environment(service('worker'))).filter((k) => /^SMI_(LLM|IO)_/.test(k));
    expect(smiKeys.length).toBeGreaterThan(0);
    for (const key of smiKeys) expect(source, key).toContain(key);
  });

  it('serves the Temporal UI on container port 8080', () => {
    expect(publishedContainerPorts(service('temporal-ui'))).toContain(8080);
    expect(environment(service('temporal-ui')).TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('pins every image it pulls', () => {
    const services = dict(loaded.compose.services, 'services');
    for (const [name, value] of Object.entries(services)) {
      const svc = dict(value, name);
      if (svc.build !== undefined) continue;
      const image = String(svc.image);
      expect(image, name).toMatch(/:[^/]+$/);
      expect(image, name).not.toMatch(/:(\$\{[A-Z_]+:-)?latest\}?$/);
    }
  });

  it('refers only to deploy/ files that exist', () => {
    const env = environment(service('temporal'));
    const dynamicConfig = posix.basename(env.DYNAMIC_CONFIG_FILE_PATH ?? '');
    expect(existsSync(join(ROOT, 'deploy/temporal/dynamicconfig', dynamicConfig)), dynamicConfig).toBe(true);
    for (const name of ['temporal-schema', 'temporal-init', 'prepare-logs']) {
      const entrypoint = service(name).entrypoint;
      const script = Array.isArray(entrypoint) ? String(entrypoint[entrypoint.length - 1]) : '';
      expect(script.startsWith('/deploy/'), `${name}: ${script}`).toBe(true);
      const hostDir = mounts(service(name)).find((m) => m.target === '/deploy')?.source ?? '';
      expect(existsSync(resolve(ROOT, hostDir, script.slice('/deploy/'.length))), `${name}: ${script}`).toBe(
        true,
      );
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

  it('builds on Node 20 and runs smi-bench, by default as a worker, not as root', () => {
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim\b/m);
    expect(dockerfile).toContain('ENTRYPOINT ["node", "/app/bin/smi-bench.js"]');
    expect(dockerfile).toContain('CMD ["worker"]');
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('ships the prebuilt workflow bundle', () => {
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toContain('test -s dist/workflow-bundle.js');
  });

  it('keeps secrets and data out of the build context', () => {
    const lines = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('*');
    const reincluded = lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1).replace(/\/$/, ''));
    for (const path of ['.env', 'logs', 'corpus', 'datasets', 'node_modules', 'dist', '.tools']) {
      expect(reincluded, path).not.toContain(path);
    }
  });
});
