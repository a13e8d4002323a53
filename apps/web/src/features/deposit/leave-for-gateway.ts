/**
 * Sends the browser to the gateway's hosted pay page: a full navigation, as the payer leaves the
 * lobby; the gateway sends it back to DEPOSIT_RETURN_PAGE with the order number. Its own module so
 * tests can see where the member was sent without leaving the test page.
 */
export function leaveForGateway(payUrl: string): void {
  window.location.assign(payUrl);
}
