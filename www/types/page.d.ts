// The page's elements by id, as index.html has them: each id with its element's tag, so that `$`
// (lib/dom.js) gives an element of its own type (`$("board")` a canvas, `$("speed")` a select).
// tests/unit/page-elements.test.mjs reads index.html and fails when this list differs from it:
// add an element's id here when you add it to the page. An id not listed (an element the page
// makes itself) is an `HTMLElement`, or null.

export interface PageElementTags {
  "learn": "button";
  "puzzles-button": "button";
  "language": "select";
  "theme": "select";
  "notice": "div";
  "notice-text": "p";
  "notice-games": "button";
  "notice-new-game": "button";
  "notice-close": "button";
  "update": "div";
  "update-now": "button";
  "board-wrap": "div";
  "board": "canvas";
  "holes": "div";
  "game-over": "section";
  "game-over-close": "button";
  "result": "h2";
  "result-how": "p";
  "game-summary": "dl";
  "game-over-rematch": "button";
  "game-over-swap": "button";
  "game-over-review": "button";
  "game-over-share": "button";
  "lap-counter": "span";
  "tap-said": "p";
  "status": "p";
  "send-move": "button";
  "live-bar": "div";
  "live-rematch": "button";
  "live-share": "button";
  "live-resign": "button";
  "announcer": "p";
  "preview": "p";
  "hint-text": "p";
  "evaluation": "p";
  "values-note": "p";
  "lesson": "section";
  "lesson-title": "h2";
  "lesson-progress": "p";
  "lesson-dots": "ol";
  "lesson-close": "button";
  "lesson-topic": "h3";
  "lesson-instruction": "p";
  "lesson-said": "p";
  "lesson-actions": "div";
  "lesson-retry": "button";
  "lesson-show": "button";
  "lesson-next": "button";
  "lesson-play": "button";
  "lesson-puzzle": "button";
  "lesson-again": "button";
  "lesson-previous": "button";
  "lesson-restart": "button";
  "puzzle": "section";
  "puzzle-title": "h2";
  "puzzle-about": "p";
  "puzzle-close": "button";
  "puzzle-progress": "p";
  "puzzle-instruction": "p";
  "puzzle-said": "p";
  "puzzle-values": "ul";
  "puzzle-line-said": "p";
  "puzzle-actions": "div";
  "puzzle-next": "button";
  "puzzle-line": "button";
  "puzzle-again": "button";
  "puzzle-daily": "button";
  "puzzle-share": "button";
  "puzzle-link": "input";
  "puzzle-shared": "p";
  "controls": "div";
  "speed": "select";
  "pause": "button";
  "step-event": "button";
  "step-lap": "button";
  "skip": "button";
  "replay": "button";
  "new-game": "button";
  "games": "button";
  "games-your-move": "span";
  "undo": "button";
  "redo": "button";
  "hint": "button";
  "share": "button";
  "review": "button";
  "embed-button": "button";
  "flip": "button";
  "rules-button": "button";
  "keys-button": "button";
  "level-label": "label";
  "level": "select";
  "show-evaluation": "input";
  "show-values": "input";
  "sound": "input";
  "vibration": "input";
  "confirm-taps": "input";
  "mode-line": "span";
  "more": "button";
  "ring-legend": "details";
  "moves-title": "h2";
  "move-list": "ol";
  "review-panel": "section";
  "review-title": "h2";
  "review-progress": "div";
  "review-status": "p";
  "review-meter": "progress";
  "review-nodes": "span";
  "review-cancel": "button";
  "review-said": "p";
  "review-result": "div";
  "review-explain": "p";
  "review-graph": "svg";
  "review-help": "p";
  "review-legend": "ul";
  "review-summary": "table";
  "new-game-dialog": "dialog";
  "new-game-form": "form";
  "new-game-title": "h2";
  "live-offer": "label";
  "live-create": "input";
  "new-game-side": "fieldset";
  "new-game-level": "fieldset";
  "level-choices": "div";
  "new-game-position": "button";
  "start-game": "button";
  "crash-dialog": "dialog";
  "crash-title": "h2";
  "crash-text": "p";
  "crash-reload": "button";
  "position-dialog": "dialog";
  "position-form": "form";
  "position-title": "h2";
  "position-north-caption": "span";
  "position-north-numbers": "div";
  "position-north": "div";
  "position-south": "div";
  "position-south-numbers": "div";
  "position-south-caption": "span";
  "position-reserve-north": "input";
  "position-rest-north": "button";
  "position-reserve-south": "input";
  "position-rest-south": "button";
  "position-said": "p";
  "position-clear": "button";
  "position-opening": "button";
  "position-play": "button";
  "share-dialog": "dialog";
  "share-title": "h2";
  "share-explain": "p";
  "share-link": "input";
  "share-position-only-label": "label";
  "share-position-only": "input";
  "share-as-move-label": "label";
  "share-as-move": "input";
  "share-as-move-side": "span";
  "share-text": "p";
  "share-said": "p";
  "share-system": "button";
  "share-copy": "button";
  "live-dialog": "dialog";
  "live-title": "h2";
  "live-seat": "p";
  "live-link": "input";
  "live-said": "p";
  "live-system": "button";
  "live-copy": "button";
  "games-dialog": "dialog";
  "games-title": "h2";
  "games-no-results": "p";
  "games-results": "table";
  "games-list": "ol";
  "games-aside": "p";
  "games-said": "p";
  "games-export": "button";
  "keys-dialog": "dialog";
  "keys-title": "h2";
  "rules": "dialog";
  "rules-title": "h2";
  "rules-body": "div";
}

/** An id of index.html. */
export type PageId = keyof PageElementTags;

/** An id of index.html whose element is an HTML one (not the SVG graph). */
export type HtmlPageId = { [Id in PageId]: PageElement<Id> extends HTMLElement ? Id : never }[PageId];

/** The element `$(id)` finds: the page's own, of its tag's type; any other, an element or null. */
export type PageElement<Id extends string> = Id extends keyof PageElementTags ? TagElement<PageElementTags[Id]> : HTMLElement | null;

/** The element type of a tag name, HTML or SVG. */
type TagElement<Tag> = Tag extends keyof HTMLElementTagNameMap
  ? HTMLElementTagNameMap[Tag]
  : Tag extends keyof SVGElementTagNameMap
    ? SVGElementTagNameMap[Tag]
    : never;
