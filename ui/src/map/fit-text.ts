// How a line of text is set in a place of a counter: the UI's form of the core's `fit`
// (src/render/counter.rs): shrunk to fit, then cut with an ellipsis, never squeezed; and left
// out where it would be too small to read on the screen.

/** The smallest text drawn, in CSS pixels of font size: a line that would be set smaller is
 * left out rather than drawn as unreadable marks (a counter's id at 40 px a counter). */
export const TEXT_MIN_PX = 6;
/** How far a line may shrink below its place's height to fit its width, before it is cut
 * with an ellipsis (the core's `fit` shrinks, then cuts; it never squeezes glyphs). */
export const TEXT_SHRINK = 0.75;

/** How `s` is set in a place `height` high and `width` wide (world units) at `scale` CSS px a
 * unit: its font size and the text to draw (the whole of it, shrunk to fit down to
 * TEXT_SHRINK of the height; else cut with an ellipsis at that size), or null when the size
 * would be under TEXT_MIN_PX on the screen. `measure(t)` is t's width at font size 100. */
export function fitText(s: string, height: number, width: number, scale: number, measure: (t: string) => number): { size: number; text: string } | null {
  if (!s) return null;
  const whole = measure(s);
  let size = Math.min(height, whole > 0 ? (width * 100) / whole : height);
  let text = s;
  if (size < height * TEXT_SHRINK) {
    size = height * TEXT_SHRINK;
    const chars = [...s];
    let n = chars.length - 1;
    while (n > 1 && (measure(chars.slice(0, n).join("") + "…") * size) / 100 > width) n--;
    text = chars.slice(0, n).join("") + "…";
  }
  return size * scale < TEXT_MIN_PX ? null : { size, text };
}
