/** The image description's texts: the composer's button and the dialog it opens. */
export const DESCRIPTION_TEXTS = {
  add: 'Add description',
  edit: 'Edit description',
  title: 'Describe the image',
  label: 'Description',
  hint: 'Say what the image shows, for people who cannot see it.',
  save: 'Save description',
} as const;
