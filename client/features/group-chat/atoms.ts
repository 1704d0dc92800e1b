/**
 * The Create Group form in progress, kept while the member picker (/groupchat/create/members) is open
 * so the form comes back as it was with the new selection. `formKey` names the form it belongs to.
 */
import { atom } from 'jotai';
import type { GroupFormValues } from './form-values';

export interface GroupFormInProgress {
  formKey: string;
  /** Where the picker returns to. */
  returnTo: string;
  values: GroupFormValues;
}

export const groupFormAtom = atom<GroupFormInProgress | null>(null);
