import { options, type VNode } from 'preact';

/**
 * `react-dom/client` as the lean login page's Preact build sees it (docs/decisions/043-lean-login-on-preact.md):
 * preact/compat's `createRoot`, with React's rule for `onChange` on a controlled text field. React
 * calls it only when the field's value differs from the one it rendered; preact/compat calls it on
 * every `input` event. input-otp (the emailed and the app's codes) dispatches an `input` event of
 * its own after each render, value unchanged: on Preact that was a change, react-hook-form checked
 * the code again, and the server's 'The code is not correct.' vanished. The full app and the unit
 * tests, on React, never load this module.
 */
export { createRoot, hydrateRoot } from 'preact/compat/client';

type FieldProps = { type?: string; value?: string | number | readonly string[]; onChange?: unknown };
type ChangeHandler = (event: Event) => unknown;

/** Text fields: React's `onChange` on a checkbox, radio or file input is the `change` event's. */
const TEXT_FIELD = (vnode: VNode<FieldProps>) =>
  (vnode.type === 'input' && !/^(checkbox|radio|file)$/.test(vnode.props.type ?? '')) || vnode.type === 'textarea';

/** Wraps the handler of a controlled text field so that an event that changed nothing is not a change. */
export function onChangeAsReact(vnode: VNode<FieldProps>): void {
  const { props } = vnode;
  if (!TEXT_FIELD(vnode) || typeof props.onChange !== 'function' || props.value === undefined || props.value === null) {
    return;
  }
  const handler = props.onChange as ChangeHandler;
  const rendered = String(props.value);
  props.onChange = (event: Event) => {
    const field = event.currentTarget as HTMLInputElement | HTMLTextAreaElement | null;
    if (field && field.value === rendered) return undefined;
    return handler(event);
  };
}

// Before preact/compat's own hook, which turns `onChange` into an `input` listener.
const compatVnode = options.vnode?.bind(options);
options.vnode = (vnode) => {
  onChangeAsReact(vnode);
  compatVnode?.(vnode);
};
