/** The release the what's-new popup and /updates describe; texts live in the `updates` locale section. */
export interface Release {
  /** ISO calendar day. */
  date: string;
  /** Locale keys under `updates.` */
  dateLabel: string;
  features: readonly string[];
  fixes: readonly string[];
}

export const RELEASES: readonly Release[] = [
  {
    date: '2025-08-28',
    dateLabel: 'updates.releaseDate',
    features: [
      'updates.features.imageGeneration',
      'updates.features.manualParameters',
      'updates.features.trackingNumber',
      'updates.features.fasterLists',
      'updates.features.panelization',
    ],
    fixes: [
      'updates.fixes.paidStatus',
      'updates.fixes.boardParameters',
      'updates.fixes.stencilSize',
      'updates.fixes.paymentSuccess',
    ],
  },
];
