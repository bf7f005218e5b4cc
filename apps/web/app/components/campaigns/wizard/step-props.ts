import type { WizardState } from "../wizard-state.ts";

/** What every step edits: the wizard's state. */
export type StepProps = {
  state: WizardState;
  setState: (update: (s: WizardState) => WizardState) => void;
};
