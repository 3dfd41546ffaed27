import { describe, expect, it } from 'vitest';
import { firstPageScripts, staticImports } from './first-page-size';

describe('the first page’s scripts', () => {
  it('are the module script and the module preloads of index.html, not the styles', () => {
    const html = `<head>
      <script type="module" crossorigin src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/api-B2.js">
      <link rel='modulepreload' href='/assets/react-C3.js' />
      <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
      <script src="/legacy.js"></script>
    </head>`;
    expect(firstPageScripts(html)).toEqual([
      '/assets/index-A1.js',
      '/assets/api-B2.js',
      '/assets/react-C3.js',
    ]);
  });

  it('follow static imports and re-exports of a built chunk, never dynamic ones', () => {
    const code =
      'import{a as e,b as t}from"./api-B2.js";import"./side-E5.js";export{c}from"./c-F6.js";' +
      'const p=()=>import("./page-G7.js");const q=e(()=>import(`./lazy-H8.js`),__vite__mapDeps([0,1]));\n' +
      "import {x} from '../up-I9.js'";
    expect(staticImports(code)).toEqual(['./api-B2.js', './side-E5.js', './c-F6.js', '../up-I9.js']);
  });
});
