// Checks of the page's layout that run inside the page, the same source for every driver
// (Playwright's `evaluate`, WebDriver's `execute`): each is self-contained, it is sent as text.

/**
 * The visible selects too narrow for the option they show and their chevron, described. A select
 * cuts its text without any overflow a layout check would see ("All speci…", issue #23), so the
 * text is measured in the select's own font.
 */
export function cutOffSelects(): string[] {
  const context = document.createElement('canvas').getContext('2d')!;
  return Array.from(document.querySelectorAll('select'))
    .filter((select) => select.getClientRects().length > 0)
    .flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const label = select.selectedOptions[0]?.text ?? '';
      const needed =
        context.measureText(label).width +
        parseFloat(style.paddingLeft) +
        parseFloat(style.paddingRight);
      return needed > select.clientWidth
        ? [`"${label}" needs ${Math.ceil(needed)} px and has ${select.clientWidth}`]
        : [];
    });
}

/**
 * How far the page reaches past the viewport's right edge, with the innermost elements that do:
 * what to fix when a phone would scroll sideways.
 */
export function sidewaysOverflow(): { width: number; scrollWidth: number; wide: string[] } {
  const width = document.documentElement.clientWidth;
  const wide = Array.from(document.querySelectorAll('body *')).filter(
    (el) => el.getBoundingClientRect().right > width + 1,
  );
  return {
    width,
    scrollWidth: document.documentElement.scrollWidth,
    wide: wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => el.outerHTML.slice(0, 160)),
  };
}
