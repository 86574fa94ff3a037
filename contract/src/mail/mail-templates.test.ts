import { describe, expect, it } from 'vitest';
import { mailTemplateSchema } from '../schemas/mail-template.js';
import { renderMailTemplate } from './mail-render.js';
import {
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_DEFAULTS,
  mailAudience,
  mailKindLabel,
  mailTemplateProblem,
  placeholdersIn,
  TEMPLATED_MAIL_KINDS,
  type MailValues,
  type TemplatedMailKind,
} from './mail-templates.js';

describe('the placeholders a mail may use', () => {
  it('are found however the braces are spaced, each once', () => {
    expect(placeholdersIn('{{customerName}}, {{ orderNumber }} and {{customerName}}')).toEqual([
      'customerName',
      'orderNumber',
    ]);
  });

  it('refuses an unknown one by name, listing what the mail can use', () => {
    expect(mailTemplateProblem('order_shipped', 'body', 'Hi {{firstName}}')).toBe(
      'Unknown placeholder {{firstName}}: this mail can use {{shopName}}, {{shopSignature}}, ' +
        '{{customerName}}, {{orderNumber}}, {{orderTotal}}, {{orderLines}}, {{deliveryAddress}}, ' +
        '{{phone}}, {{orderPageLink}}, {{carrier}}, {{trackingNumber}}, {{trackingLink}}',
    );
  });

  it("refuses another mail's placeholder, and a table in the subject", () => {
    expect(mailTemplateProblem('order_paid', 'body', '{{trackingLink}}')).toMatch(
      /^Unknown placeholder \{\{trackingLink\}\}: this mail can use \{\{shopName\}\}/,
    );
    expect(mailTemplateProblem('order_paid', 'subject', 'Your {{orderLines}}')).toBe(
      '{{orderLines}} is a table: it can be in the body, not in the subject',
    );
    expect(mailTemplateProblem('order_paid', 'body', 'Thanks, {{ customerName }}')).toBeNull();
  });

  it('accepts every default, and every placeholder has its description', () => {
    for (const kind of TEMPLATED_MAIL_KINDS) {
      const { subject, body, placeholders } = MAIL_TEMPLATE_DEFAULTS[kind];
      expect(mailTemplateProblem(kind, 'subject', subject), kind).toBeNull();
      expect(mailTemplateProblem(kind, 'body', body), kind).toBeNull();
      for (const name of placeholders) expect(MAIL_PLACEHOLDERS[name].description).not.toBe('');
    }
    // Every mail the shop writes, the shop's notes to itself included.
    expect([...TEMPLATED_MAIL_KINDS].sort()).toEqual(Object.keys(mailKindLabel).sort());
  });

  it("tells the customers' mails from the shop's notes to itself", () => {
    expect(mailAudience('order_shipped')).toBe('customer');
    expect(mailAudience('back_in_stock')).toBe('customer');
    expect(mailAudience('shop_contact_message')).toBe('shop');
    expect(mailTemplateProblem('shop_contact_message', 'body', '{{orderNumber}}')).toBe(
      'Unknown placeholder {{orderNumber}}: this mail can use {{senderName}}, {{senderEmail}}, ' +
        '{{contactSubject}}, {{contactMessage}}',
    );
  });

  it("is the form's rule too: the schema names the field and the placeholder", async () => {
    const schema = mailTemplateSchema('cart_reminder');
    await expect(
      schema.validate({ subject: 'Hi', body: 'Your {{orderNumber}}' }),
    ).rejects.toMatchObject({ path: 'body', message: expect.stringContaining('{{orderNumber}}') });
    await expect(schema.validate({ subject: ' ', body: 'x' })).rejects.toMatchObject({
      message: 'Subject is required',
    });
    expect(
      await schema.validate({ subject: 'Hi {{customerName}}', body: '{{cartLines}}' }),
    ).toEqual({ subject: 'Hi {{customerName}}', body: '{{cartLines}}' });
  });
});

describe('a mail rendered from its template', () => {
  const values = {
    shopName: 'Velo & Co',
    shopSignature: 'Velo & Co\nhello@velo.example',
    customerName: 'Ada <b>Bold</b>',
    orderNumber: 'A7',
    carrier: 'DHL',
    trackingNumber: 'JD01',
    trackingLink: 'https://track.example/?id=JD01&x=1',
    orderLines: [['2 × Chain', '$51.98']] as [string, string][],
    deliveryAddress: '1 Road',
    phone: '555',
  };

  it('reads as the default did: paragraphs, the link, the table, the signature', () => {
    const mail = renderMailTemplate(MAIL_TEMPLATE_DEFAULTS.order_shipped, values);
    expect(mail.subject).toBe('Velo & Co: your order A7 is on its way');
    expect(mail.text).toBe(
      [
        'Hello Ada <b>Bold</b>,',
        'Your parts left us with DHL. Tracking number: JD01.',
        'Track parcel: https://track.example/?id=JD01&x=1',
        '2 × Chain  $51.98',
        'Delivery to: 1 Road, phone 555',
        'Velo & Co\nhello@velo.example',
      ].join('\n\n'),
    );
    expect(mail.html).toContain('<p>Hello Ada &lt;b&gt;Bold&lt;/b&gt;,</p>');
    expect(mail.html).toContain(
      '<p><a href="https://track.example/?id=JD01&amp;x=1">Track parcel</a></p>',
    );
    expect(mail.html).toContain(
      '<table cellpadding="4"><tr><td>2 × Chain</td><td align="right">$51.98</td></tr></table>',
    );
    expect(mail.html).toContain('<p>Velo &amp; Co<br>hello@velo.example</p>');
  });

  it('leaves out a paragraph whose optional placeholder has no value', () => {
    const mail = renderMailTemplate(MAIL_TEMPLATE_DEFAULTS.order_shipped, {
      ...values,
      trackingLink: '',
    });
    expect(mail.text).not.toContain('Track parcel');
    expect(mail.html).not.toContain('Track parcel');
  });

  it("turns the owner's Markdown into HTML, with a link placeholder as a real link", () => {
    const mail = renderMailTemplate(
      { subject: 'x', body: '**Thanks**, {{customerName}}!\n\nFollow it: {{trackingLink}}' },
      values,
    );
    expect(mail.html).toBe(
      '<p><strong>Thanks</strong>, Ada &lt;b&gt;Bold&lt;/b&gt;!</p>\n' +
        '<p>Follow it: <a href="https://track.example/?id=JD01&amp;x=1">https://track.example/?id=JD01&amp;x=1</a></p>\n',
    );
    expect(mail.text).toBe(
      '**Thanks**, Ada <b>Bold</b>!\n\nFollow it: https://track.example/?id=JD01&x=1',
    );
  });

  it("lets no HTML, script or unsafe address through, the owner's or a customer's", () => {
    const mail = renderMailTemplate(
      {
        subject: 'x',
        body: '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [me]({{customerName}}) *{{customerName}}*',
      },
      { customerName: 'javascript:alert(2)"><script>' },
    );
    expect(mail.html).not.toMatch(/<script|<img|href="javascript:/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('<a href="javascript%3Aalert(2)%22%3E%3Cscript%3E">me</a>');
    expect(mail.html).toContain('<em>javascript:alert(2)&quot;&gt;&lt;script&gt;</em>');
  });

  it('keeps a customer’s words from being Markdown', () => {
    const mail = renderMailTemplate(
      { subject: '{{customerName}}', body: 'Hi {{customerName}}' },
      { customerName: '**[win](https://evil.example)**\nline' },
    );
    expect(mail.html).toBe('<p>Hi **[win](https://evil.example)**<br>line</p>\n');
    expect(mail.subject).toBe('**[win](https://evil.example)** line');
  });
});

describe("the shop's notes to itself rendered from their defaults", () => {
  /** A default rendered with these values: its subject, and its text's paragraphs. */
  const noteOf = (kind: TemplatedMailKind, values: MailValues) => {
    const mail = renderMailTemplate(MAIL_TEMPLATE_DEFAULTS[kind], values);
    return { ...mail, paragraphs: mail.text.split('\n\n') };
  };

  it('read as the code wrote them: a new order with its lines and delivery', () => {
    const mail = noteOf('shop_new_order', {
      customerName: 'Ada',
      customerEmail: 'ada@example.com',
      orderNumber: 'A7',
      orderTotal: '$51.98',
      orderLines: [['2 × Chain', '$51.98']],
      deliveryAddress: '1 Road',
      phone: '555',
    });
    expect(mail.subject).toBe('New order A7: $51.98');
    expect(mail.paragraphs).toEqual([
      'Ada <ada@example.com> placed order A7. It is unpaid until the payment arrives.',
      '2 × Chain  $51.98',
      'Delivery to: 1 Road, phone 555',
    ]);
    expect(mail.html).toContain(
      '<p>Ada &lt;ada@example.com&gt; placed order A7. It is unpaid until the payment arrives.</p>',
    );
  });

  it("keep a visitor's words from being markup or Markdown: a contact message", () => {
    const mail = noteOf('shop_contact_message', {
      senderName: '<b>Eve</b>',
      senderEmail: 'eve@example.com',
      contactSubject: '<i>Pads</i>',
      contactMessage: '# Hi\n\n<script>alert(1)</script> [win](https://evil.example) **now**',
    });
    expect(mail.subject).toBe('Contact form: <i>Pads</i>');
    expect(mail.text).toBe(
      '<b>Eve</b> <eve@example.com> wrote:\n\n' +
        '# Hi\n\n<script>alert(1)</script> [win](https://evil.example) **now**\n\n' +
        'Reply to this mail to answer them; mark the message handled under Messages.',
    );
    expect(mail.html).toBe(
      '<p>&lt;b&gt;Eve&lt;/b&gt; &lt;eve@example.com&gt; wrote:</p>\n' +
        '<p># Hi<br><br>&lt;script&gt;alert(1)&lt;/script&gt; [win](https://evil.example) **now**</p>\n' +
        '<p>Reply to this mail to answer them; mark the message handled under Messages.</p>\n',
    );
  });

  it("keep a customer's reason and note as words: a return asked", () => {
    const mail = noteOf('shop_return_asked', {
      customerName: 'Ada *Co*',
      customerEmail: 'ada@example.com',
      orderNumber: 'A7',
      returnSummary: '1 × Chain (Too small)',
      returnLines: [['1 × Chain', 'Too small: <img src=x onerror=alert(1)>']],
    });
    expect(mail.subject).toBe('Return asked for order A7: 1 × Chain (Too small)');
    expect(mail.html).toContain('<p>Ada *Co* &lt;ada@example.com&gt; asks to return parts');
    expect(mail.html).toContain(
      '<td align="right">Too small: &lt;img src=x onerror=alert(1)&gt;</td>',
    );
    expect(mail.html).not.toMatch(/<img|<em>/);
  });
});
