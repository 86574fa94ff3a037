/**
 * The demo shop's own pages (issue 36 item 2): Terms of use, Privacy policy, Shipping, Returns and
 * About us, so the footer of a seeded shop links to real pages. The owner edits or removes them
 * under Pages like any other; a shop's own pages are never overwritten by seeding.
 */
import type { ShopPageInput } from '@sprocket/contract';

export const seedPageList: ShopPageInput[] = [
  {
    slug: 'about',
    title: 'About us',
    description:
      'Sprocket is a small bicycle-parts shop run by mechanics: drivetrain, wheels, cockpit and lights, checked before they ship.',
    footer: 'company',
    published: true,
    markdown: `Sprocket started as a workshop bench and a box of spare chains. Today we sell the parts we fit
every day: drivetrain, wheels and tyres, brakes, cockpit, saddles and lights.

## What we stand for

- **Parts that fit.** Every part lists what it works with: speeds, wheel sizes, mounts. If you
  are not sure, ask us before you buy.
- **Mechanics answer.** Questions sent through the contact form are answered by someone who
  fixes bikes, within one working day.
- **Fair prices, shown in full.** Shipping and tax are shown before you pay, never after.

## Where to find us

Sprocket Cycles, 12 Chainring Road, Gearford. Write to us through the [contact form](/#contact).
`,
  },
  {
    slug: 'shipping',
    title: 'Shipping',
    description:
      'How and when Sprocket ships: methods, prices, free shipping, dispatch times and tracking.',
    footer: 'services',
    published: true,
    markdown: `## Dispatch

Orders paid before 2 pm on a working day leave our workshop the same day; later orders leave on
the next working day. You get an email with the carrier and a tracking link as soon as your parcel
is on its way, and the link is on your order under **My Orders** too.

## Methods and prices

The methods that deliver to your address, and what each costs, are shown at checkout before you
pay. Some methods are free over an order amount, which the checkout shows beside the method.

## Collecting from the shop

Choose pickup at checkout and collect your parts from the workshop once we email you that they
are ready. Bring your order number.

## Something wrong with your parcel?

If a parcel arrives damaged or does not arrive within the time shown, [get in touch](/#contact)
with your order number and we will put it right.
`,
  },
  {
    slug: 'returns',
    title: 'Returns',
    description:
      'Return unused parts within 30 days of delivery for a refund to your card; faulty parts are covered for two years.',
    footer: 'services',
    published: true,
    markdown: `## 30 days to change your mind

You may return any unused part in its original packaging within **30 days** of delivery. Write to
us through the [contact form](/#contact) with your order number and the parts you are sending back;
we reply with the return address.

## Refunds

Once the parts arrive and we have checked them, we refund the price of the returned parts to the
card you paid with, usually within 5 working days. Shipping is refunded when the whole order comes
back, or when we sent the wrong or a faulty part.

## Faulty parts

A part that fails through a fault of its own within two years is repaired, replaced or refunded.
Parts worn by use (chains, brake pads, tyres) are not faulty because they wear.
`,
  },
  {
    slug: 'terms',
    title: 'Terms of use',
    description:
      'The terms on which Sprocket sells bicycle parts: orders, prices, payment, delivery, returns and liability.',
    footer: 'legal',
    published: true,
    markdown: `These terms apply to every order placed at Sprocket. By placing an order you accept them.

## Orders

An order is accepted once it is paid. Unpaid orders are held for 30 minutes, after which the parts
return to stock. We may cancel an order for a part that turns out to be unavailable, and refund it
in full.

## Prices and payment

Prices are shown in the shop's currency. Shipping and tax are added at checkout as shown before you
pay. Payments are taken by card through our payment provider; we never see or keep your full card
number.

## Delivery and returns

Delivery is described under [Shipping](/pages/shipping) and returns under
[Returns](/pages/returns).

## Liability

Fit parts as their maker instructs, or have a mechanic fit them. We are not liable for damage
caused by fitting a part to a bicycle it is not made for. Nothing in these terms limits your
rights as a consumer.
`,
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    description:
      'What Sprocket keeps about you, why, for how long, and how to have it changed or removed.',
    footer: 'legal',
    published: true,
    markdown: `## What we keep

- **Your account**: your name and email address, and the profile you fill in.
- **Your orders**: the parts, the delivery name, address and phone number, and the amounts.
- **Your reviews and messages**: what you write to us and about the parts.

Card details are handled by our payment provider and never reach us.

## Why

To deliver your orders, answer your questions, and keep the records the law requires of a shop.
We do not sell your data or use it for advertising.

## Cookies

The shop keeps your sign-in and your cart in your browser. It sets no advertising or tracking
cookies.

## Your rights

You may ask for a copy of what we keep, for it to be corrected, or for your account to be removed,
through the [contact form](/#contact).
`,
  },
];
