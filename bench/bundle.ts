import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'app', 'dist');
const LANDING_JS_BUDGET_KB = 120;
const ANALYTICS_JS_BUDGET_KB = 60;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Prints what each entry point costs a visitor: the JavaScript and CSS (gzip) the browser loads
 * for the landing page and for the signed-in shell, following Vite's manifest.
 */
export function bundleFigures(): void {
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'vite'),
    ['build', '-c', 'app/vite.config.ts', '--logLevel', 'error'],
    { cwd: root, stdio: 'inherit' },
  );

  const manifest: Record<string, Chunk> = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  );

  /** Every file a set of chunks loads up front: themselves, their static imports, their CSS. */
  function filesOf(keys: string[]): Set<string> {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.css?.forEach((css) => files.add(css));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  }

  const gzipKb = (files: Set<string>, ext: string) =>
    [...files]
      .filter((f) => f.endsWith(ext))
      .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0) / 1024;

  const keyOf = (fragment: string) => {
    const key = Object.keys(manifest).find((k) => k.includes(fragment));
    if (!key) throw new Error(`No chunk for ${fragment} in the manifest`);
    return key;
  };

  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const views = {
    'landing page (/ signed out)': [entry, keyOf('screens/Landing/Landing.tsx')],
    'sign-in screen (/auth)': [entry, keyOf('screens/Auth/AuthScreen.tsx')],
    'signed-in shell + dashboard': [
      entry,
      keyOf('screens/AppShell/AppShell.tsx'),
      keyOf('screens/Dashboard/DashboardPage.tsx'),
    ],
  };

  console.log('\nInitial download per view (gzip):');
  console.log('view'.padEnd(32), 'JS KB'.padStart(8), 'CSS KB'.padStart(8));
  const results: Record<string, { js: number; css: number }> = {};
  for (const [name, keys] of Object.entries(views)) {
    const files = filesOf(keys);
    results[name] = { js: gzipKb(files, '.js'), css: gzipKb(files, '.css') };
    console.log(name.padEnd(32), results[name]!.js.toFixed(1).padStart(8), results[name]!.css.toFixed(1).padStart(8));
  }

  // Each signed-in page is its own chunk: loading one does not load another.
  const pageChunks = Object.keys(manifest).filter((k) => /screens\/\w+\/\w+Page\.tsx$/.test(k));
  console.log(`\nSigned-in pages loaded on demand: ${pageChunks.length}, each its own chunk:`);
  for (const key of pageChunks) {
    const own = manifest[key]!;
    const size = zlib.gzipSync(fs.readFileSync(path.join(dist, own.file))).length / 1024;
    console.log(`  ${path.basename(key).padEnd(30)} ${size.toFixed(1).padStart(6)} KB`);
  }

  // The analytics page with everything its charts fetch (the chart library included), beyond what the
  // signed-in shell has already loaded: issue 25's budget.
  const shell = filesOf([entry, keyOf('screens/AppShell/AppShell.tsx')]);
  const analyticsFiles = new Set<string>();
  const withLazy = (key: string) => {
    const chunk = manifest[key];
    // The entry's own lazy imports are every page: the entry is the shell's, not followed.
    if (!chunk || chunk.isEntry || analyticsFiles.has(chunk.file)) return;
    analyticsFiles.add(chunk.file);
    chunk.css?.forEach((css) => analyticsFiles.add(css));
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(withLazy);
  };
  withLazy(keyOf('screens/Analytics/AnalyticsPage.tsx'));
  const analyticsOwn = new Set([...analyticsFiles].filter((f) => !shell.has(f)));
  const analyticsKb = gzipKb(analyticsOwn, '.js');
  console.log(
    `\nAnalytics page with its charts, beyond the shell: ${analyticsKb.toFixed(1)} KB JS gzip (budget ${ANALYTICS_JS_BUDGET_KB} KB): ${analyticsKb <= ANALYTICS_JS_BUDGET_KB ? 'within' : 'OVER'} budget`,
  );

  const landing = results['landing page (/ signed out)']!.js;
  console.log(
    `\nLanding page JS: ${landing.toFixed(1)} KB gzip (budget ${LANDING_JS_BUDGET_KB} KB): ${landing <= LANDING_JS_BUDGET_KB ? 'within' : 'OVER'} budget`,
  );
}
