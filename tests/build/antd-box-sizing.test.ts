import { describe, expect, it } from 'vitest';
import { BOX_SIZING_RULE, collapseBoxSizingResets } from '../../build/antd-box-sizing';

// Rules as antd's style extraction writes them (minified, one theme hash).
const RESETS = [
  ':where(.css-1a2b)[class^="ant-table"],:where(.css-1a2b)[class*=" ant-table"]{box-sizing:border-box;}',
  ':where(.css-1a2b)[class^="ant-table"]::before,:where(.css-1a2b)[class*=" ant-table"]::after{box-sizing:border-box;}',
  ':where(.css-1a2b)[class^="ant-table"] [class^="ant-table"],:where(.css-1a2b)[class*=" ant-table"] [class*=" ant-table"]::before{box-sizing:border-box;}',
  ':where(.css-1a2b).ant-affix [class^="ant-affix"],:where(.css-1a2b).ant-affix [class*=" ant-affix"]::after{box-sizing:border-box;}',
];
const OTHERS = [
  ':where(.css-1a2b).ant-table{position:relative;box-sizing:border-box;}',
  ':where(.css-1a2b).ant-slider .ant-slider-track-draggable{box-sizing:content-box;}',
  ':where(.css-1a2b)[class^="ant-table"],:where(.css-1a2b)[class*=" ant-table"]{font-family:inherit;}',
  '@media (max-width:575px){:where(.css-1a2b).ant-col-xs-24{display:block;}}',
];

describe("antd's box-sizing resets as one rule (build/antd-box-sizing.ts)", () => {
  it('drops every reset whose selector ends in an ant- class-prefix match, and puts the one rule first', () => {
    const css = collapseBoxSizingResets([...RESETS, ...OTHERS].join(''));
    expect(css.startsWith(BOX_SIZING_RULE)).toBe(true);
    expect(css.slice(BOX_SIZING_RULE.length)).toBe(OTHERS.join(''));
  });

  it('keeps the class selectors of a reset rule that also names attribute matches', () => {
    const css = collapseBoxSizingResets(
      ':where(.css-1a2b).ant-app::before,:where(.css-1a2b)[class^="ant-app"]::before,:where(.css-1a2b).ant-form input[type="search"]{box-sizing:border-box;}',
    );
    expect(css).toBe(
      `${BOX_SIZING_RULE}:where(.css-1a2b).ant-app::before,:where(.css-1a2b).ant-form input[type="search"]{box-sizing:border-box;}`,
    );
  });
});
