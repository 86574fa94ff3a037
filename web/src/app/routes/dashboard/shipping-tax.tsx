import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useTaxSettings } from '../../../features/admin-shipping-tax/api/get-tax.js';
import { ShippingMethodsTable } from '../../../features/admin-shipping-tax/components/shipping-methods-table.js';
import { TaxTable } from '../../../features/admin-shipping-tax/components/tax-table.js';
import { TrackingCarriersTable } from '../../../features/admin-shipping-tax/components/tracking-carriers-table.js';
import { useReturnSettings } from '../../../features/admin-shipping-tax/api/return-settings.js';
import { ReturnWindowForm } from '../../../features/admin-shipping-tax/components/return-window-form.js';
import { useShippingMethods } from '../../../lib/shipping-methods-query.js';
import { useTrackingCarriers } from '../../../lib/tracking-carriers-query.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Shipping and Tax (admins): the methods the checkout offers, the tax table, the tracking
 * addresses of the shop's own carriers, and the return window (§2.27).
 */
export default function ShippingTaxRoute() {
  usePageTitle('Shipping and Tax');
  const methods = useShippingMethods();
  const tax = useTaxSettings();
  const carriers = useTrackingCarriers();
  const returns = useReturnSettings();
  return (
    <>
      <DashboardHeading title="Shipping and Tax">
        How orders travel and what tax they carry. Each change applies to the next quote and
        checkout; orders placed keep what they were charged.
      </DashboardHeading>
      <Stack spacing={3}>
        <Section
          title="Shipping methods"
          intro="The checkout offers the methods that go to the shopper's country; the cart estimates the cheapest."
        >
          <QueryContent query={methods} loadingLabel="Loading the shipping methods">
            {(data) => <ShippingMethodsTable methods={data} />}
          </QueryContent>
        </Section>
        <Section
          title="Tax"
          intro="Charged on the parts after any discount code, at the address's region's rate, else its country's."
        >
          <QueryContent query={tax} loadingLabel="Loading the tax table">
            {(data) => <TaxTable settings={data} />}
          </QueryContent>
        </Section>
        <Section
          title="Tracking addresses"
          intro="A shipped order shows Track parcel, the parcel's page at its carrier, in the mail, on the order's page and in My Orders."
        >
          <QueryContent query={carriers} loadingLabel="Loading the tracking addresses">
            {(data) => <TrackingCarriersTable carriers={data.carriers} />}
          </QueryContent>
        </Section>
        <Section
          title="Returns"
          intro="How many days after delivery a customer may ask to return parts from the order's page."
        >
          <QueryContent query={returns} loadingLabel="Loading the return window">
            {(data) => <ReturnWindowForm settings={data} />}
          </QueryContent>
        </Section>
      </Stack>
    </>
  );
}
