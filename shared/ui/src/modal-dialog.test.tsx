import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog, type ModalDialogProps } from './modal-dialog';

/** An opener button that shows the dialog until it closes, as the remotes use it. */
function Opener({ onClose = () => {}, ...props }: Partial<Omit<ModalDialogProps, 'children'>>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalDialog
          title="Settings"
          {...props}
          onClose={() => {
            setOpen(false);
            onClose();
          }}
        >
          {(close) => (
            <form>
              <input aria-label="Name" />
              <input aria-label="Nickname" data-autofocus />
              <button type="button" onClick={close}>
                Done
              </button>
            </form>
          )}
        </ModalDialog>
      )}
    </>
  );
}

async function openDialog(props: Partial<Omit<ModalDialogProps, 'children'>> = {}) {
  const user = userEvent.setup();
  render(<Opener {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

describe('the modal dialog', () => {
  it('opens as a modal named by its heading, with focus on the field marked data-autofocus', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nickname' })).toHaveFocus();
  });

  it('closes with the Close button or from its content, and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back as it closes, before the page takes it away (a key pressed then is not lost in it)', async () => {
    let focusedOnClose: Element | null = null;
    const { user, dialog } = await openDialog({ onClose: () => (focusedOnClose = document.activeElement) });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(focusedOnClose).not.toBeNull());
    expect(focusedOnClose).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('leaves focus where the person moved it once the dialog closed', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Search" />
        <Opener onClose={() => screen.getByRole('textbox', { name: 'Search' }).focus()} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    within(dialog).getByRole('button', { name: 'Done' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
  });

  // jsdom lays nothing out: the dialog's box is put at 100–300 px by hand.
  const placeDialog = (dialog: HTMLElement) => {
    dialog.getBoundingClientRect = () => new DOMRect(100, 100, 200, 200);
  };
  const outside = { clientX: 20, clientY: 20 };
  const inTheBox = { clientX: 150, clientY: 150 };

  it('stays open on a click on the backdrop by default', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose });
    placeDialog(dialog);
    fireEvent.pointerDown(dialog, outside);
    fireEvent.click(dialog, outside);
    expect(dialog).toHaveAttribute('open');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a click on the backdrop when asked to, not on a press that starts inside nor on its own box', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose, closeOnBackdropClick: true });
    placeDialog(dialog);
    // Selecting text in a field and letting go outside it is not a click on the backdrop.
    fireEvent.pointerDown(within(dialog).getByRole('textbox', { name: 'Name' }));
    fireEvent.click(dialog, outside);
    expect(dialog).toHaveAttribute('open');
    // A click between the dialog's parts (its margins) hits the <dialog> itself, inside its box.
    fireEvent.pointerDown(dialog, inTheBox);
    fireEvent.click(dialog, inTheBox);
    expect(dialog).toHaveAttribute('open');

    fireEvent.pointerDown(dialog, outside);
    fireEvent.click(dialog, outside);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('adds no landmark: its heading row is not a banner', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole('banner')).not.toBeInTheDocument();
  });
});
