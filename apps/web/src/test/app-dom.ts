/**
 * For tests that render the whole app and open Radix's Select, popovers and menus. jsdom lacks a
 * few browser APIs those call; the stubs do nothing, as in a browser without pointer capture.
 */
const missing = {
  hasPointerCapture: () => false,
  setPointerCapture: () => {},
  releasePointerCapture: () => {},
  scrollIntoView: () => {},
};
for (const [name, stub] of Object.entries(missing)) {
  if (!(name in Element.prototype)) Object.defineProperty(Element.prototype, name, { value: stub, writable: true });
}

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
