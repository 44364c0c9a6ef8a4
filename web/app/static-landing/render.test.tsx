import { describe, expect, it } from 'vitest';
import { markYear, withYear } from '@shared/static-landing';
import { renderStaticLanding, staticLandingDocument } from './render';

// The landing page prerendered for visitors (scripts/prerender-landing.ts) is the SPA's
// LandingPage in the app's theme, as one static document without the SPA's scripts.

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="color-scheme" content="light dark" />
    <title>Buildboard</title>
    <script type="module" crossorigin src="/assets/index-Ftt9Bqls.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the static landing page', () => {
  const landing = renderStaticLanding();

  it('is the landing page: hero, sign-in and sign-up links, features, footer with the year marked for the server', () => {
    expect(landing.markup).toContain('Share Your Code,');
    expect(landing.markup).toContain('Inspire the World');
    expect(landing.markup).toContain('href="/api/login"');
    expect(landing.markup).toContain('href="/api/login?mode=signup"');
    expect(landing.markup).toContain('href="#features"');
    expect(landing.markup).toContain('href="/terms"');
    const year = new Date().getFullYear();
    expect(landing.markup).toContain(`© ${markYear(year)} Buildboard. All rights reserved.`);
    expect(withYear(landing.markup, 2040)).toContain('© 2040 Buildboard. All rights reserved.');
    // Emotion's styles went to the CSS, none stayed in the markup.
    expect(landing.markup).not.toContain('<style');
  });

  it("carries the theme's CSS: light by default, dark for the class and for a dark system without a class, focus rings without JavaScript", () => {
    expect(landing.css).toContain('--mui-palette-background-default:#f8fafc');
    expect(landing.css).toMatch(/\.dark\{[^}]*--mui-palette-background-default:#0b1020/);
    expect(landing.css).toMatch(/@media \(prefers-color-scheme: dark\)\{:root:not\(\.light\)\{[^}]*--mui-palette-background-default:#0b1020/);
    expect(landing.css).not.toContain('Mui-focusVisible');
    expect(landing.css).toContain(':focus-visible{');
  });

  it("is the built index.html with the markup in #root, the CSS in <head> and the page's own script instead of the SPA's", () => {
    const page = staticLandingDocument(BUILT_INDEX, landing, '/assets/static-landing-Abc.js');
    expect(page).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(page).toContain('<meta name="color-scheme" content="light dark" />');
    expect(page).toContain('<title>Buildboard</title>');
    expect(page).not.toContain('/assets/index-');
    expect(page).not.toContain('modulepreload');
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).toContain('<script type="module" crossorigin src="/assets/static-landing-Abc.js"></script>\n  </head>');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(`<style>${landing.css}</style>`);
    expect(page).toContain(`<div id="root">${landing.markup}</div>`);
  });
});
