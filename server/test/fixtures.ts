/** A real 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The first bytes of a Windows executable ("MZ" header). */
export const EXE_BYTES = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(512, 1)]);

export function fileForm(field: string, files: { name: string; data: Uint8Array; type?: string }[]): FormData {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return form;
}

/** A valid POST /api/projects body for a project hosted elsewhere; overrides change any field. */
export function externalProjectInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Tide Tables',
    description: 'High and low water for the coming week.',
    thumbnail: 'https://example.com/t.png',
    category: 'Web Development',
    tutorialUrl: 'https://example.com/tutorial',
    projectUrl: 'https://example.com/app',
    hostingType: 'external',
    ...overrides,
  };
}
