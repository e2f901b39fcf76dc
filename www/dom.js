// Building the page's small tables and lists: one helper, so that text always goes in with
// textContent (no user text reaches innerHTML).

/**
 * A new element: `props.text` is its text, `props.dataset` its data attributes, `props.hidden`
 * whether it is hidden; any other prop is an attribute. `children` are appended.
 */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k === 'hidden') node.hidden = Boolean(v);
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}
