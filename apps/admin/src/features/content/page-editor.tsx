import { type ContentPageFields, contentPageFields } from '@shop/contracts/admin-content';
import type { Locale } from '@shop/contracts/locale';
import { useEffect, useMemo, useRef } from 'react';
import { Button, FieldError, Form, Label, Text, TextArea, TextField } from 'react-aria-components';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { type ContentTexts, useContentTexts } from '../../i18n/content-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ApiProblem } from '../../lib/api-client.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useDeletePage, useSavePage } from './api/content.ts';
import { ContentPreview } from './content-preview.tsx';

export type EditedPage = { id: number | null } & ContentPageFields;

type Props = {
  /** '' = a default page. */
  brand: string;
  locale: Locale;
  page: EditedPage;
  onSaved(id: number): void;
  onClose(): void;
};

function BodyField({ control, texts }: { control: Control<ContentPageFields>; texts: ContentTexts }) {
  const { field, fieldState } = useController({ control, name: 'body' });
  return (
    <TextField
      className="field content-body-field"
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isInvalid={fieldState.invalid}
      validationBehavior="aria"
    >
      <Label>{texts.body}</Label>
      <Text slot="description">{texts.bodyHint}</Text>
      <TextArea ref={field.ref} rows={22} spellCheck />
      <FieldError>{fieldState.error?.message}</FieldError>
    </TextField>
  );
}

/** The fields a refusal names (a taken address, a field the server checked) go to their field. */
function fieldErrors(error: unknown): { field: keyof ContentPageFields; message: string }[] {
  if (!(error instanceof ApiProblem)) return [];
  if (error.is('slug-taken')) return [{ field: 'slug', message: error.detail ?? error.title }];
  const fields = ['slug', 'name', 'title', 'body'] as const;
  return error.errors.flatMap(({ field, message }) => {
    const known = fields.find((name) => name === field);
    return known ? [{ field: known, message }] : [];
  });
}

/**
 * A page's address, name, title and Markdown text beside the shop's preview of it, which follows the
 * typing. Saving creates the page (no id yet) or changes it; the shop shows it within seconds.
 */
export function PageEditor({ brand, locale, page, onSaved, onClose }: Props) {
  const { t, locale: uiLocale } = useI18n();
  const texts = useContentTexts();
  const announce = useAnnounce();
  const save = useSavePage(page.id);
  const resolver = useMemo(
    () =>
      contractResolver(
        contentPageFields,
        uiLocale,
        {
          slug: texts.validation.slug,
          name: texts.validation.name,
          title: texts.validation.title,
          body: texts.validation.body,
        },
        t.validation.invalid,
      ),
    [uiLocale, t, texts],
  );
  const form = useForm<ContentPageFields, unknown, ContentPageFields>({
    resolver,
    defaultValues: { slug: page.slug, name: page.name, title: page.title, body: page.body },
  });
  const [name, title, body] = useWatch({ control: form.control, name: ['name', 'title', 'body'] });
  const heading = page.id === null ? texts.editorNew : texts.editorEdit(page.title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from the list: keyboard and screen reader users start on the editor, not above it.
  useEffect(() => headingRef.current?.focus(), []);

  const submit = form.handleSubmit(async (fields) => {
    try {
      const saved = await save.mutateAsync(
        page.id === null ? { ...fields, brand: brand || null, locale } : fields,
      );
      form.reset(fields);
      announce(texts.saved);
      onSaved(saved.id);
    } catch (error) {
      for (const { field, message } of fieldErrors(error)) form.setError(field, { message });
    }
  });

  return (
    <section aria-labelledby="content-editor-heading" className="card stack">
      <h2 id="content-editor-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <div className="content-editor">
        <Form
          className="stack"
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            if (!save.isPending) void submit();
          }}
        >
          <ProblemMessage error={fieldErrors(save.error).length > 0 ? null : save.error} />
          <div className="content-fields">
            <FormTextField
              control={form.control}
              name="slug"
              label={texts.slug}
              description={texts.slugHint}
              isRequired
            />
            <FormTextField
              control={form.control}
              name="name"
              label={texts.name}
              description={texts.nameHint}
              isRequired
            />
          </div>
          <FormTextField control={form.control} name="title" label={texts.pageTitle} isRequired />
          <BodyField control={form.control} texts={texts} />
          <div className="action-row">
            <Button type="submit" className="button primary">
              {texts.save}
            </Button>
            <Button className="button" onPress={onClose}>
              {texts.close}
            </Button>
            {page.id === null ? null : <DeletePage id={page.id} title={page.title} onDeleted={onClose} />}
          </div>
        </Form>
        <ContentPreview source={{ brand, locale, name, title, body }} />
      </div>
    </section>
  );
}

function DeletePage({ id, title, onDeleted }: { id: number; title: string; onDeleted(): void }) {
  const texts = useContentTexts();
  const announce = useAnnounce();
  const remove = useDeletePage(id);
  return (
    <ConfirmDialog trigger={texts.delete} title={texts.deleteTitle}>
      {(close) => (
        <div className="stack">
          <p>{texts.deleteIntro(title)}</p>
          <ProblemMessage error={remove.error} />
          <div className="dialog-buttons">
            <Button className="button" onPress={close}>
              {texts.cancel}
            </Button>
            <Button
              className="button primary"
              onPress={async () => {
                if (remove.isPending) return;
                try {
                  await remove.mutateAsync();
                } catch {
                  return;
                }
                close();
                announce(texts.deleted);
                onDeleted();
              }}
            >
              {texts.delete}
            </Button>
          </div>
        </div>
      )}
    </ConfirmDialog>
  );
}
