/**
 * Drivers of the UI kit's controls (src/lib/ui) for e2e tests, doing what a user does: open a dropdown by its
 * accessible name and click an option; open a record property's inline editor by its pencil.
 */
import type { Locator, Page } from '@playwright/test';

/** Opens the dropdown (`role=combobox`) named `name` inside `scope` and clicks the option named `option`. */
export async function pick(scope: Page | Locator, name: string, option: string): Promise<void> {
	await scope.getByRole('combobox', { name, exact: true }).click();
	await scope.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the inline editor of the record sidebar property labelled `label` (its "Edit {label}" pencil). */
export async function editProperty(page: Page, label: string): Promise<void> {
	await page.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
}

/** The record sidebar property labelled `label` when not editing: a group holding its shown value. */
export function property(page: Page, label: string): Locator {
	return page.getByRole('group', { name: label, exact: true });
}
