// `npm run check:folders`: fails when folder groups (scripts/folder-deps.ts) import each other in a circle.
import madge from 'madge';
import { GROUP_ROOTS, groupCycles } from './folder-deps';

const TOP_FOLDERS = [...new Set(GROUP_ROOTS.map((r) => r.split('/')[0]!))];

const graph = await madge(TOP_FOLDERS, {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  // Tests may reach across folders (a module's test uses a kit in server/test); production code may not.
  excludeRegExp: [/\.test\.tsx?$/, /\.spec\.tsx?$/],
});
const files = graph.obj();
const cycles = groupCycles(files);

if (Object.keys(files).length === 0) {
  console.error('No files found: madge read nothing, so nothing was checked.');
  process.exitCode = 1;
} else if (cycles.length === 0) {
  console.log(`Folder groups depend one way: ${Object.keys(files).length} files of ${TOP_FOLDERS.join(', ')}.`);
} else {
  console.error(`${cycles.length} circle(s) between folder groups:`);
  for (const cycle of cycles) {
    console.error(`\n  ${cycle.groups.join(' <-> ')}`);
    for (const edge of cycle.edges) {
      console.error(`    ${edge.from} -> ${edge.to}`);
      for (const file of edge.files) console.error(`      ${file}`);
    }
  }
  process.exitCode = 1;
}
