import { describe, expect, it } from 'vitest';
import { mergeResets, topLevelBlocks } from './mergeResets';

const H = ':where(.css-abc)';
const reset = (x: string) => `${H}[class^="ant-${x}"],${H}[class*=" ant-${x}"]{box-sizing:border-box;}`;
const descendants = (x: string) => `${H}.ant-${x} [class^="ant-${x}"],${H}.ant-${x} [class*=" ant-${x}"]{box-sizing:border-box;}`;
const pseudo = (x: string) => `${H}[class^="ant-${x}"]::before,${H}[class*=" ant-${x}"]::after{box-sizing:border-box;}`;

describe("antd's box-sizing resets", () => {
  it('are merged into one rule per shape, where the first one was', () => {
    const css = [
      `${H}.ant-btn{color:red;}`,
      reset('btn'),
      descendants('btn'),
      pseudo('btn'),
      `@media (max-width:575px){${reset('col')}}`,
      reset('table'),
      descendants('table'),
      `${H}.ant-picker-range-arrow{box-sizing:content-box;}`,
      pseudo('table'),
    ].join('');
    const out = mergeResets(css);
    expect(out.merged).toBe(6);
    const blocks = topLevelBlocks(out.css);
    expect(blocks.map((b) => b.prelude.slice(0, 40))).toEqual([
      `${H}.ant-btn`,
      `${H}[class^="ant-"],${H}[class*=" ant-"]`.slice(0, 40),
      `${H}[class^="ant-"] [class^="ant-"],${H}[class*=" ant-"] [class^="ant-"]`.slice(0, 40),
      `${H}[class^="ant-"]::before,${H}[class*=" ant-"]::before`.slice(0, 40),
      '@media (max-width:575px)',
      `${H}.ant-picker-range-arrow`,
    ]);
    // A rule inside an at-rule, and any rule that asks for something else, is left as it was.
    expect(out.css).toContain(`@media (max-width:575px){${reset('col')}}`);
    expect(out.css.indexOf('content-box')).toBeGreaterThan(out.css.indexOf('[class^="ant-"]'));
    expect(blocks[3].prelude.split(',')).toHaveLength(4);
    expect(blocks[2].prelude.split(',')).toHaveLength(4);
  });

  it('leave a rule alone when one of its selectors is not a reset', () => {
    const css = `${H}[class^="ant-form"],${H} .other{box-sizing:border-box;}${H}[class^="ant-x"]{box-sizing:border-box;font-size:14px;}`;
    expect(mergeResets(css)).toEqual({ css, merged: 0 });
  });

  it('read quoted braces as text and refuse a sheet whose braces do not balance', () => {
    const css = `.data-ant-cssinjs-cache-path{content:"a{b}|c";}${reset('btn')}`;
    expect(topLevelBlocks(css)[0].body).toBe('content:"a{b}|c";');
    expect(mergeResets(css).merged).toBe(1);
    expect(() => topLevelBlocks('.a{color:red;')).toThrow(/unbalanced/);
  });
});
