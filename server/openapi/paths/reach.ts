import { ZOembedQuerySchema, ZOembedSchema } from '@shared/schemas/reach';
import type { DomainDoc } from '../registry';

const handle = { handle: 'A member handle or id' };
const id = { id: 'Project id (integer)' };

export const reachDoc: DomainDoc = {
  tag: 'Reach',
  description: 'Beyond the app: oEmbed, the embeddable project card, link preview images and feeds. Pages outside /api answer HTML, XML or PNG.',
  routes: [
    {
      method: 'get',
      path: '/api/oembed',
      summary: 'oEmbed answer for a project (rich: an iframe of its embed card), profile or blog post address of this site',
      access: 'visitor',
      query: ZOembedQuerySchema,
      responses: { 200: { description: 'oEmbed 1.0 JSON', schema: ZOembedSchema }, 404: { description: 'Not a page of this site, or hidden or deleted' }, 501: { description: 'format=xml (only json is answered)' } },
    },
    { method: 'get', path: '/embed/project/{id}', summary: 'The embeddable card of a project (the only page other sites may frame)', access: 'visitor', params: id, responses: { 200: { description: 'HTML card', contentType: 'text/html' }, 404: { description: 'Hidden or deleted (HTML)', contentType: 'text/html' } } },
    { method: 'get', path: '/og/project/{id}.png', summary: "A project's generated link preview image (title, creator, counts)", access: 'visitor', params: id, responses: { 200: { description: 'PNG, 1200x630', contentType: 'image/png' }, 404: { description: 'Hidden or deleted' } } },
    { method: 'get', path: '/og/site.png', summary: "The site's link preview image", access: 'visitor', responses: { 200: { description: 'PNG, 1200x630', contentType: 'image/png' } } },
    { method: 'get', path: '/blog/feed.xml', summary: 'The blog as RSS 2.0', access: 'visitor', responses: { 200: { description: 'RSS 2.0', contentType: 'application/rss+xml' } } },
    { method: 'get', path: '/blog/atom.xml', summary: 'The blog as Atom 1.0', access: 'visitor', responses: { 200: { description: 'Atom 1.0', contentType: 'application/atom+xml' } } },
    { method: 'get', path: '/profile/{handle}/feed.xml', summary: "A creator's projects as RSS 2.0", access: 'visitor', params: handle, responses: { 200: { description: 'RSS 2.0', contentType: 'application/rss+xml' }, 404: { description: 'Unknown or suspended' } } },
    { method: 'get', path: '/profile/{handle}/atom.xml', summary: "A creator's projects as Atom 1.0", access: 'visitor', params: handle, responses: { 200: { description: 'Atom 1.0', contentType: 'application/atom+xml' }, 404: { description: 'Unknown or suspended' } } },
  ],
};
