/**
 * Add to cart's form as static CSS (docs/decisions/110, 116): the row, and the quantity field
 * drawn as MUI's small outlined TextField is (its border with a notch for the label, the error
 * colour, the focus ring) from plain elements. Every card of All Parts and home has one; they were
 * a Stack and two Boxes with `sx`, each styled by emotion as the page hydrated. The rules are the
 * ones emotion made, with lib/theme.ts's values. A plain module: the static CSS brings no component.
 */
export const ADD_TO_CART_CSS = `
.add-to-cart {
  display: flex;
  flex-direction: row;
  align-items: flex-start;
  gap: 8px;
}
.add-to-cart > *,
.quantity-field-box {
  margin: 0;
}
.quantity-field-box {
  width: 104px;
  flex-shrink: 0;
}
.quantity-field {
  position: relative;
  border-radius: 10px;
}
.quantity-field input {
  position: relative;
  z-index: 1;
  box-sizing: border-box;
  width: 100%;
  height: 40px;
  padding-left: 14px;
  padding-right: 14px;
  font: inherit;
  color: #1f262b;
  background-color: transparent;
  border: 0 solid;
  outline-offset: 2px;
}
.quantity-field fieldset {
  position: absolute;
  inset: -5px 0 0;
  margin: 0;
  padding: 0 8px;
  text-align: left;
  border: 1px solid rgba(0, 0, 0, 0.23);
  border-radius: inherit;
  pointer-events: none;
  min-width: 0;
}
.quantity-field legend {
  display: block;
  padding: 0;
  height: 11px;
  font-size: 0.75rem;
  visibility: hidden;
  white-space: nowrap;
}
.quantity-field legend > span {
  padding-left: 5px;
  padding-right: 5px;
  display: inline-block;
}
.quantity-field label {
  position: absolute;
  top: -8px;
  left: 14px;
  line-height: 16px;
  font-size: 0.75rem;
  color: #55616a;
  pointer-events: none;
}
.quantity-field input:hover ~ fieldset {
  border-color: #1f262b;
}
.quantity-field input:focus ~ fieldset {
  border-color: #0e4a52;
  border-width: 2px;
}
.quantity-field input:focus ~ label {
  color: #0e4a52;
}
.quantity-field.invalid fieldset {
  border-color: #c0392b;
}
.quantity-field.invalid label {
  color: #c0392b;
}
`;
