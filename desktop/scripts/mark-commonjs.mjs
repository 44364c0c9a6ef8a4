// The root package.json says "type": "module"; this marker makes Node and Electron load the
// compiled desktop files in dist/desktop as the CommonJS they are.
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('../../dist/desktop/package.json', import.meta.url), '{ "type": "commonjs" }\n');
