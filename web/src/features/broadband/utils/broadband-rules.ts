/** Spec §2: a broadband recharge is a bundle bought for a router or MiFi line of these types. */
export const BROADBAND_LINE_TYPES = ['PREPAID', 'POSTPAID', 'HYBRID'] as const;

/** The line check of the page: the number must be a broadband device's. */
export const BROADBAND_LINE_CHECK = { requestType: 'BROADBAND_RECHARGE', checkIfBroadband: true } as const;

export const BROADBAND_RECHARGE_TYPE = 'Broadband Recharge';
