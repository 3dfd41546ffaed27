import { afterEach, beforeEach } from 'vitest';

/**
 * For keyboard sorting in jsdom, which lays nothing out while dnd-kit measures boxes: for each test, every element
 * gets a box as if the page were one element per line in document order, its box covering its descendants (small
 * pages only: it walks the whole page per call). Put back after each test.
 */
export function withLineLayout() {
  let restore: () => void = () => {};
  beforeEach(() => {
    const original = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      const all = Array.from(document.body.querySelectorAll('*'));
      const top = all.indexOf(this) * 20;
      const height = (this.querySelectorAll('*').length + 1) * 20;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        width: 400,
        height,
        right: 400,
        bottom: top + height,
        toJSON: () => ({}),
      };
    };
    restore = () => {
      HTMLElement.prototype.getBoundingClientRect = original;
    };
  });
  afterEach(() => restore());
}
