// Runs inside the page (page.evaluate of this file's text, as axe-core is loaded): plain browser JavaScript,
// since the tests' TypeScript has no DOM types.

/** The visible elements whose box leaves the viewport's width or its card's content box, and the sideways scroll. */
globalThis.relayMisfits = () => {
  const width = document.documentElement.clientWidth;
  // Outside the viewport, or outside its card (a section: inside its border and padding) when it has one.
  const sticksOut = (candidate) => {
    const rect = candidate.getBoundingClientRect();
    const section = candidate.parentElement?.closest('section');
    if (!section) return rect.left < -0.5 || rect.right > width + 0.5;
    const card = section.getBoundingClientRect();
    const style = getComputedStyle(section);
    const inset = (side) => Number.parseFloat(style[`border${side}Width`]) + Number.parseFloat(style[`padding${side}`]);
    return rect.left < Math.max(0, card.left + inset('Left')) - 0.5 || rect.right > Math.min(width, card.right - inset('Right')) + 0.5;
  };
  const outside = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    // Kept off screen on purpose until used: the skip link, captions for screen readers.
    if (element.closest('.visually-hidden') || (element.closest('.skip') && document.activeElement !== element)) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
    // The outermost element that sticks out names the problem; its children would repeat it.
    const parent = element.parentElement;
    if (!sticksOut(element) || (parent && parent !== document.body && sticksOut(parent))) continue;
    const classes = typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : '';
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}`;
    outside.push({
      element: `${name} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      left: Math.round(box.left),
      right: Math.round(box.right),
    });
  }
  return { scroll: document.documentElement.scrollWidth - width, outside: outside.slice(0, 8) };
};

/** Every visible control whose centre is under a toast (what a click there would hit instead). */
globalThis.relayControlsUnderToasts = () => {
  const covered = [];
  for (const control of Array.from(document.querySelectorAll('button, input, select, textarea, a[href], summary'))) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > innerHeight) continue;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit?.closest('#notices')) covered.push(control.textContent?.trim() || control.getAttribute('name') || control.tagName);
  }
  return covered;
};
