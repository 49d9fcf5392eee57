/** The cancellation's texts for the languages whose sites do not offer it (spec §2: the texts "are empty"). */
import type { CancellationTexts } from './de/cancellation';

const cancellation = {
  cancellation: {
    title: '',
    heading: '',
    successTitle: '',
    reloadEmpties: '',
    intro: '',
    selfService: '',
    type: {
      legend: '',
      ordinary: '',
      ordinaryHint: '',
      extraordinary: '',
      extraordinaryHint: '',
    },
    holder: '',
    customerNumber: { label: '', hint: '' },
    subscriptionId: { label: '', hint: '' },
    reason: {
      label: '',
      requiredNote: '',
      hint: '',
    },
    info: {
      title: '',
      ordinary: '',
      machine: '',
      extraordinary: '',
    },
    submit: '',
    sending: '',
    backHome: '',
    failure: {
      text: '',
    },
    errors: {
      cancellationType: { required: '' },
      customerNumber: {
        required: '',
        tooLong: '',
      },
      subscriptionId: {
        required: '',
        tooLong: '',
      },
      reason: {
        required: '',
        tooLong: '',
      },
      site: { notAllowed: '' },
    },
    success: {
      heading: '',
      text: '',
      details: '',
      download: '',
      downloadFailed: '',
      preparing: '',
      none: '',
      toForm: '',
    },
    pdf: {
      fileName: '',
      title: '',
      subject: {
        ordinary: '',
        extraordinary: '',
      },
      received: '',
      receivedUnnumbered: '',
      ordinaryNotice: '',
      details: '',
      typeLabel: '',
      reference: '',
      pageOf: '',
    },
  },
} satisfies CancellationTexts;

export default cancellation;
