// The part of madge's API that scripts/check-folder-deps.ts uses (madge ships no types).
declare module 'madge' {
  type MadgeConfig = { fileExtensions?: string[]; tsConfig?: string; excludeRegExp?: RegExp[] };
  type MadgeResult = { obj(): Record<string, string[]> };
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
