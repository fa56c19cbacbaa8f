import { createElement, type ChangeEvent } from 'preact/compat';
import { createRoot } from './preact-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The lean login page's `react-dom/client` (decision 043), rendered by Preact itself here. */
describe('preact-client', () => {
  const containers: HTMLElement[] = [];
  afterEach(() => containers.splice(0).forEach((container) => container.remove()));

  async function renderField(props: Record<string, unknown>, type: 'input' | 'textarea' = 'input') {
    const container = document.createElement('div');
    document.body.append(container);
    containers.push(container);
    createRoot(container).render(createElement(type, props));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return container.querySelector(type)!;
  }

  it('calls onChange of a controlled field only when its value changed, as React does', async () => {
    const onChange = vi.fn((event: ChangeEvent<HTMLInputElement>) => event.currentTarget.value);
    const field = await renderField({ value: 'ZZ9', onChange });
    // input-otp dispatches an input event of its own, value unchanged, after each render.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onChange).not.toHaveBeenCalled();
    field.value = 'ZZ99';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.results[0]?.value).toBe('ZZ99');
  });

  it('does the same for a textarea', async () => {
    const onChange = vi.fn();
    const field = await renderField({ value: 'note', onChange }, 'textarea');
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('leaves an uncontrolled field and a checkbox as preact/compat has them', async () => {
    const typed = vi.fn();
    const free = await renderField({ onChange: typed });
    free.dispatchEvent(new Event('input', { bubbles: true }));
    expect(typed).toHaveBeenCalledTimes(1);

    const ticked = vi.fn();
    const box = await renderField({ type: 'checkbox', checked: false, value: 'on', onChange: ticked });
    box.dispatchEvent(new Event('change', { bubbles: true }));
    expect(ticked).toHaveBeenCalledTimes(1);
  });
});
