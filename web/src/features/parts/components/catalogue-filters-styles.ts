/**
 * The catalogue's spec filters as static CSS (docs/decisions/110, 116): a group per spec, a native
 * checkbox per value drawn from its own state, and the count of parts beside it. These were MUI's
 * Box and Typography with `sx`, five per option and two dozen options on All Parts, each styled by
 * emotion as the page hydrated; the rules are the ones emotion made for them, with lib/theme.ts's
 * values. A plain module, so the static CSS brings none of the filters' components.
 */
import { fontFamily } from '../../../lib/theme.js';

export const SPEC_FILTER_CSS = `
.spec-filter {
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0 solid;
}
.spec-filter-name {
  margin: 0 0 4px;
  padding: 0;
  font-family: ${fontFamily};
  font-weight: 500;
  font-size: 0.875rem;
  line-height: 1.57;
}
.spec-filter-options {
  display: flex;
  flex-wrap: wrap;
  column-gap: 16px;
}
.spec-filter-option {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding-right: 12px;
}
.spec-filter-option > label {
  display: inline-flex;
  align-items: center;
  cursor: pointer;
}
.spec-filter-option > label.spec-filter-none {
  cursor: default;
  color: rgba(0, 0, 0, 0.38);
}
.spec-filter-text {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 400;
  font-size: 0.875rem;
  line-height: 1.43;
}
/* The native input, invisible, covers the whole tap target (44 px on phones); the box beside it is
   drawn from the input's own state, so a click before the page is hydrated shows at once. */
.spec-filter-box {
  position: relative;
  flex: 0 0 auto;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
}
@media (min-width: 900px) {
  .spec-filter-box {
    width: 36px;
    height: 36px;
  }
}
.spec-filter-box > input {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  opacity: 0;
  cursor: pointer;
}
.spec-filter-box > span {
  position: relative;
  width: 18px;
  height: 18px;
  border: 2px solid #55616a;
  border-radius: 5px;
  pointer-events: none;
}
.spec-filter-box > input:checked + span {
  background-color: #0e4a52;
  border-color: #0e4a52;
}
.spec-filter-box > input:disabled {
  cursor: default;
}
.spec-filter-box > input:disabled + span {
  border-color: rgba(0, 0, 0, 0.26);
}
/* The tick: two borders of a rotated box. */
.spec-filter-box > input:checked + span::after {
  content: "";
  position: absolute;
  left: 4px;
  top: 0;
  width: 6px;
  height: 11px;
  border: solid #fff;
  border-width: 0 2px 2px 0;
  transform: rotate(45deg);
}
.spec-filter-box > input:focus-visible + span {
  outline: 2px solid #0e4a52;
  outline-offset: 2px;
}
`;
