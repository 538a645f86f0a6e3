// A translation is often longer than its source. Each placed paragraph carries the box its source
// filled (data-fit-w, data-fit-h, in CSS px); this script, run by Chromium before it prints or takes
// the screenshot, lowers the paragraph's font size in small steps until the text fits its box again,
// down to 70% of the original size (below that a longer text overflows rather than becoming unreadable).
export const FIT_TEXT_SCRIPT = `<script>
for (const p of document.querySelectorAll('p[data-fit-w]')) {
  const width = Number(p.dataset.fitW), height = Number(p.dataset.fitH);
  let size = parseFloat(getComputedStyle(p).fontSize);
  const smallest = size * 0.7;
  while (size > smallest && (p.scrollWidth > width || p.scrollHeight > height)) {
    size -= 0.25;
    p.style.fontSize = size + 'px';
  }
}
</script>`;

export function fitAttributes(widthPx: number, heightPx: number): string {
  return `data-fit-w="${Math.ceil(widthPx)}" data-fit-h="${Math.ceil(heightPx)}"`;
}
