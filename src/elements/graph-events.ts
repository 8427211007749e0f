/**
 * The state graph's DOM events on `<anim-character>`, raised inside the frame and dispatched after it (like
 * every character event: bubbling, composed, details are plain copies).
 */

export interface AnimStateDetail {
  /** The state entered or left. */
  state: string;
  /** Its layer (`base` for the base layer). */
  layer: string;
}

export interface AnimTransitionDetail {
  /** The state the transition leaves. */
  from: string;
  /** The state it goes to. */
  to: string;
  layer: string;
}

export interface AnimTransitionEndDetail extends AnimTransitionDetail {
  /** True when another transition cut in before the crossfade completed. */
  interrupted: boolean;
}
