/**
 * Mail templates (issue 37 item 5): the owner picks a mail, sees its placeholders, edits the words
 * with the API's own rule checked as typed (an unknown placeholder named, nothing sent), previews
 * the draft with a real order's values, the customer's words as words, saves, and resets to the
 * default after a confirmation. The shop's notes to itself are listed apart, and the contact
 * message's is previewed with the latest message, not an order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import {
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_DEFAULTS,
  TEMPLATED_MAIL_KINDS,
  type MailTemplate,
  type MailTemplatePreview,
  type TemplatedMailKind,
} from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { MailTemplates } from './mail-templates.js';

const templateOf = (kind: TemplatedMailKind, custom = false): MailTemplate => {
  const { subject, body, placeholders } = MAIL_TEMPLATE_DEFAULTS[kind];
  return {
    kind,
    subject,
    body,
    custom,
    default: { subject, body },
    placeholders: placeholders.map((name) => ({
      name,
      description: MAIL_PLACEHOLDERS[name].description,
    })),
  };
};

const preview: MailTemplatePreview = {
  orderNumber: 'ord-42',
  to: 'ada@example.com',
  values: {
    shopName: 'Velo Nord',
    shopSignature: 'Velo Nord',
    customerName: 'Ada <b>Bold</b>',
    orderNumber: 'ord-42',
    carrier: 'DHL',
    trackingNumber: 'JD01',
    trackingLink: 'https://track.example/JD01',
    orderLines: [['2 × Chain', '$51.98']],
  },
  message: { subject: '', text: '', html: '' },
};

describe('mail templates', () => {
  it('edits a mail with its placeholders, refuses an unknown one, previews the draft and saves', async () => {
    const calls = stubFetch(({ url, method, body }) => {
      if (url.startsWith('/api/admin/mail-templates/order_shipped/preview')) {
        return { body: preview };
      }
      if (method === 'PUT')
        return { body: { ...templateOf('order_shipped', true), ...(body as object) } };
      return { status: 404 };
    });
    const { user } = renderScreen(
      <MailTemplates templates={TEMPLATED_MAIL_KINDS.map((kind) => templateOf(kind))} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Mail' }));
    await user.click(screen.getByRole('option', { name: 'Order shipped' }));
    expect(screen.getByText('{{trackingLink}}')).toBeInTheDocument();
    expect(screen.getByText(MAIL_PLACEHOLDERS.trackingLink.description)).toBeInTheDocument();
    expect(screen.getByText('Default words')).toBeInTheDocument();

    // The default, with the latest order's values: the customer's name is words, not markup.
    const html = await screen.findByTestId('mail-html');
    expect(html).toHaveTextContent('Hello Ada <b>Bold</b>,');
    expect(html.querySelector('b')).toBeNull();
    expect(within(html).getByRole('link', { name: 'Track parcel' })).toHaveAttribute(
      'href',
      'https://track.example/JD01',
    );

    const body = screen.getByLabelText(/^Body/);
    await user.clear(body);
    await user.click(body);
    await user.paste('Hi {{firstName}}');
    expect(
      await screen.findByText(/^Unknown placeholder \{\{firstName\}\}: this mail can use/),
    ).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(body);
    await user.paste('Hi **{{customerName}}**, it left with {{carrier}}.');
    await waitFor(() => expect(save).toBeEnabled());
    await waitFor(() =>
      expect(screen.getByTestId('mail-html')).toHaveTextContent(
        'Hi Ada <b>Bold</b>, it left with DHL.',
      ),
    );
    expect(screen.getByTestId('mail-html').querySelector('strong')).toHaveTextContent(
      'Ada <b>Bold</b>',
    );
    expect(screen.getByText(/With order ord-42/)).toBeInTheDocument();

    await user.click(save);
    expect(await screen.findByText('Mail template saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: '/api/admin/mail-templates/order_shipped',
        body: {
          subject: MAIL_TEMPLATE_DEFAULTS.order_shipped.subject,
          body: 'Hi **{{customerName}}**, it left with {{carrier}}.',
        },
      }),
    ]);
  });

  it('previews with the order asked for, and says so when there is none', async () => {
    stubFetch(({ url }) =>
      url.endsWith('?order=nope')
        ? { status: 404, body: { error: { code: 'not_found', message: 'Order not found' } } }
        : { body: preview },
    );
    const { user } = renderScreen(<MailTemplates templates={[templateOf('order_shipped')]} />);
    await screen.findByTestId('mail-html');
    await user.type(screen.getByLabelText('Order number'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Preview with this order' }));
    expect(
      await screen.findByText('No order nope: check the number on All Orders.'),
    ).toBeInTheDocument();
  });

  it('resets to the default after a confirmation', async () => {
    const calls = stubFetch(({ url, method }) =>
      method === 'DELETE'
        ? { body: templateOf('order_paid') }
        : url.includes('/preview')
          ? { body: preview }
          : { status: 404 },
    );
    const { user } = renderScreen(<MailTemplates templates={[templateOf('order_paid', true)]} />);
    expect(screen.getByText('Your words')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset “Order paid” to the default?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Mail template reset to the default')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/admin/mail-templates/order_paid',
    ]);
  });

  it("lists the shop's notes apart, and previews a contact message's mail with the latest message", async () => {
    stubFetch(({ url }) =>
      url.startsWith('/api/admin/mail-templates/shop_contact_message/preview')
        ? {
            body: {
              contactMessageId: 'msg-1',
              to: 'orders@velo.example',
              values: {
                senderName: 'Eve <i>Hacker</i>',
                senderEmail: 'eve@example.com',
                contactSubject: 'Pads',
                contactMessage: '**Do** you have pads?',
              },
              message: { subject: '', text: '', html: '' },
            } satisfies MailTemplatePreview,
          }
        : { body: preview },
    );
    const { user } = renderScreen(
      <MailTemplates templates={TEMPLATED_MAIL_KINDS.map((kind) => templateOf(kind))} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Mail' }));
    const listbox = screen.getByRole('listbox');
    const headings = within(listbox).getAllByText(/^To (customers|the shop)$/);
    expect(headings.map((heading) => heading.textContent)).toEqual(['To customers', 'To the shop']);
    await user.click(screen.getByRole('option', { name: 'Contact message, to the shop' }));
    expect(screen.getByText('{{contactMessage}}')).toBeInTheDocument();
    const html = await screen.findByTestId('mail-html');
    expect(html).toHaveTextContent('Eve <i>Hacker</i> <eve@example.com> wrote:');
    expect(html).toHaveTextContent('**Do** you have pads?');
    expect(html.querySelector('i, strong')).toBeNull();
    expect(
      screen.getByText('With the latest contact message, as the shop would read it. Not sent.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Order number')).toBeNull();
  });
});
