import { SSR_STATE_ID, type SsrRendered } from '#shared/ssr';
import { beforeScripts, priorityImagePreload } from '#server/http/head-order';
import { headTags, scriptJson, type PageHead } from './head';

/**
 * The built index.html with a page's head and markup in it: its title and description replaced, the link
 * preview tags added, the rendered app inside #root and the dehydrated state beside it as non-executable JSON
 * (the CSP allows no inline script). The "needs JavaScript" notice goes: this page does not. The page's
 * largest image is preloaded ahead of the scripts, so it loads beside the stylesheet rather than after them.
 * `preload`: the modulepreload tags of the lazy view the page hydrates (preload.ts).
 */
export function composePage(template: string, head: PageHead, rendered: SsrRendered, preload = ''): string {
  const { title, tags } = headTags(head);
  const imagePreload = priorityImagePreload(rendered.html);
  return (imagePreload ? beforeScripts(template, imagePreload) : template)
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/<meta\s+name="description"[\s\S]*?>/, () => '')
    .replace('</head>', () => `${preload}${tags}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, () => '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div>` +
        `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(rendered.state)}</script>`,
    );
}
