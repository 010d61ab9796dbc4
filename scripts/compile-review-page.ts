// Browser entry for the compile review screenshot: the real CompileReviewModal, opened the way Obsidian opens a
// modal (the stub draws Obsidian's modal frame), over a proposal built by the core from the compile fixture and the
// scripted reply the tests use.
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { CompileReviewModal } from "../src/ui/compile-review-modal";
import type { CompileReviewModel } from "../src/ui/compile-review";

installObsidianDomHelpers();
const model = (window as unknown as { KC_REVIEW: CompileReviewModel }).KC_REVIEW;
const modal = new CompileReviewModal({} as never, model);
void modal.choose();
modal.containerEl.querySelectorAll("details")[2]?.setAttribute("open", "");
