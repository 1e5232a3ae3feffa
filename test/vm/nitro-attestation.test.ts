// sui::nitro_attestation::load_nitro_attestation (and its native load_nitro_attestation_internal) against
// the real AWS Nitro attestations of Sui's own Move test (sui-framework tests/crypto/
// nitro_attestation_test.move) and of fastcrypto's Rust tests (fastcrypto/src/tests/
// nitro_attestation_tests.rs: the same document, one with a nonzero PCR 16, and the time window and
// chain mutations checked there), with Sui's abort codes: 1 (EParseError) for anything that does not
// parse, 2 (EVerifyError) for a signature or certificate chain that does not verify at the Clock's
// time. PCRs are expected as Sui's newest protocol version reads them (the upgraded, all-nonzero and
// always-required flags on). The wheel cannot check this native, so there is no differential check:
// its VM has no `load_nitro_attestation_internal`, and `load_nitro_attestation` fails there with
// MISSING_DEPENDENCY at the native's function handle, both as a call and through `replay` with a
// Clock object in the state.
import { createHash, generateKeyPairSync, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { decodeCbor, type Cbor } from '../../src/vm/natives/nitro-attestation-cbor.js';
import { parseCertificate } from '../../src/vm/natives/nitro-attestation-der.js';
import { parseAttestation } from '../../src/vm/natives/nitro-attestation-document.js';
import { NITRO_ROOT_CERTIFICATE } from '../../src/vm/natives/nitro-attestation-root.js';
import { verifyAttestation } from '../../src/vm/natives/nitro-attestation-verify.js';
import { aborted, bcsBytes, run, type Outcome } from './support/crypto-calls.js';
import { frameworkVm, fromHex, hex, u64 } from './support/vm.js';

// Sui's `nitro_attestation_test.move` and fastcrypto's `FIXED_VALID_ATTESTATION` (the same document).
const SUI_TEST_ATTESTATION =
  '8444a1013822a0591121a9696d6f64756c655f69647827692d30663733613462346362373463633966322d656e633031393265343138386665663738316466646967657374665348413338346974696d657374616d701b000001932d1239ca6470637273b0005830000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000015830000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000025830000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000035830639a8b65f68b0223cbb14a0032487e5656d260434e3d1a10e7ec1407fb86143860717fc8afee90df7a1604111709af460458309ab5a1aba055ee41ee254b9b251a58259b29fa1096859762744e9ac73b5869b25e51223854d9f86adbb37fe69f3e5d1c0558300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000658300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000758300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000858300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000958300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000b58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000d58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000e58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000f58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006b636572746966696361746559027e3082027a30820201a00302010202100192e4188fef781d0000000067366a8d300a06082a8648ce3d04030330818e310b30090603550406130255533113301106035504080c0a57617368696e67746f6e3110300e06035504070c0753656174746c65310f300d060355040a0c06416d617a6f6e310c300a060355040b0c034157533139303706035504030c30692d30663733613462346362373463633966322e75732d656173742d312e6177732e6e6974726f2d656e636c61766573301e170d3234313131343231323432365a170d3234313131353030323432395a308193310b30090603550406130255533113301106035504080c0a57617368696e67746f6e3110300e06035504070c0753656174746c65310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753313e303c06035504030c35692d30663733613462346362373463633966322d656e63303139326534313838666566373831642e75732d656173742d312e6177733076301006072a8648ce3d020106052b810400220362000442e0526fc41af71feac64fc6f68a8ac8aae831a9e945ab7d482b842acaf05d6b762d00cbc2115da270187c44597b1c16dcf497c70e543b41612e9041ea143d11d58bd1c847496e5d41ec78a49fe445348cf9a47af9387e0451d9ec145b56ec12a31d301b300c0603551d130101ff04023000300b0603551d0f0404030206c0300a06082a8648ce3d0403030367003064023078001466c0c64293b9bde3d0834edb67ff18417f6075a8f7d137701e10164ce6cf45c508bf383ed0d8d41c51a5977a43023033cb8e4a6ad2686b86c2533accbab5dd5e98cf25d3612b1a48502f327ce00acc921641242d5a3a27d222df1f7dfc3e2c68636162756e646c65845902153082021130820196a003020102021100f93175681b90afe11d46ccb4e4e7f856300a06082a8648ce3d0403033049310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753311b301906035504030c126177732e6e6974726f2d656e636c61766573301e170d3139313032383133323830355a170d3439313032383134323830355a3049310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753311b301906035504030c126177732e6e6974726f2d656e636c617665733076301006072a8648ce3d020106052b8104002203620004fc0254eba608c1f36870e29ada90be46383292736e894bfff672d989444b5051e534a4b1f6dbe3c0bc581a32b7b176070ede12d69a3fea211b66e752cf7dd1dd095f6f1370f4170843d9dc100121e4cf63012809664487c9796284304dc53ff4a3423040300f0603551d130101ff040530030101ff301d0603551d0e041604149025b50dd90547e796c396fa729dcf99a9df4b96300e0603551d0f0101ff040403020186300a06082a8648ce3d0403030369003066023100a37f2f91a1c9bd5ee7b8627c1698d255038e1f0343f95b63a9628c3d39809545a11ebcbf2e3b55d8aeee71b4c3d6adf3023100a2f39b1605b27028a5dd4ba069b5016e65b4fbde8fe0061d6a53197f9cdaf5d943bc61fc2beb03cb6fee8d2302f3dff65902c2308202be30820245a003020102021100ab314210a819b4842e3be045e7daddbe300a06082a8648ce3d0403033049310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753311b301906035504030c126177732e6e6974726f2d656e636c61766573301e170d3234313131333037333235355a170d3234313230333038333235355a3064310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c034157533136303406035504030c2d343834633637303131656563376235332e75732d656173742d312e6177732e6e6974726f2d656e636c617665733076301006072a8648ce3d020106052b8104002203620004cbd3e3fe8793852d952a214ee1c7f17e13eff238c5952ffc6c48f2b8e70beec10194585089829f4818d012a6061cdc9f4d8c5a67aada1233f75b65d3f7704e1c02460cfcc74f0e94193c8d4030f6d1662de0427836c1d32c571c919230fae73aa381d53081d230120603551d130101ff040830060101ff020102301f0603551d230418301680149025b50dd90547e796c396fa729dcf99a9df4b96301d0603551d0e04160414b5f0f617140aa7057c7977f361eee896fd9a58b4300e0603551d0f0101ff040403020186306c0603551d1f046530633061a05fa05d865b687474703a2f2f6177732d6e6974726f2d656e636c617665732d63726c2e73332e616d617a6f6e6177732e636f6d2f63726c2f61623439363063632d376436332d343262642d396539662d3539333338636236376638342e63726c300a06082a8648ce3d04030303670030640230038362cf11e189755d6a2306d728a7f356740eefe623d5e0e9e7c33c1b061ade2224127ac3a2e4bce60b43fc8c53326902306aceccf6f45a8d5c066bd10ce3ffaeeebdee56eedb86deb18ea22172c07196750924dd8f4656c70bd95eb6714cb8ecdd59031a308203163082029ba0030201020211009a0f4f29c1649826edb5b5f9f93b6326300a06082a8648ce3d0403033064310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c034157533136303406035504030c2d343834633637303131656563376235332e75732d656173742d312e6177732e6e6974726f2d656e636c61766573301e170d3234313131343034323230325a170d3234313132303033323230325a308189313c303a06035504030c33373532313933346262636164353432622e7a6f6e616c2e75732d656173742d312e6177732e6e6974726f2d656e636c61766573310c300a060355040b0c03415753310f300d060355040a0c06416d617a6f6e310b3009060355040613025553310b300906035504080c0257413110300e06035504070c0753656174746c653076301006072a8648ce3d020106052b810400220362000496f4565c489625767e8e2d3006ba06bd48ba3e384027a205b93d1ad4958128887c38ddbb2f4922888708ef0985e1e5d3bd73b33f86785ac66a204eed3a6b663686434f64e19fb39cd7b33068edb2108b79774a961e7080cb1b4eaa60a5e63e22a381ea3081e730120603551d130101ff040830060101ff020101301f0603551d23041830168014b5f0f617140aa7057c7977f361eee896fd9a58b4301d0603551d0e0416041484b6dc9994365b56081f5d1bc8ee21f58e45d7df300e0603551d0f0101ff0404030201863081800603551d1f047930773075a073a071866f687474703a2f2f63726c2d75732d656173742d312d6177732d6e6974726f2d656e636c617665732e73332e75732d656173742d312e616d617a6f6e6177732e636f6d2f63726c2f34396230376261342d303533622d346435622d616434612d3364626533653065396637652e63726c300a06082a8648ce3d0403030369003066023100d00c2999e66fbcce624d91aedf41f5532b04c300c86a61d78ed968716a7f7ff565e2c361f4f46fe5c5486a9d2bfe0d60023100bc46872a45820fb552b926d420d4f6a1be831bb26821d374e95bff5ed042b3313465b5b4cde79f16f6a57bd5b541353c5902c3308202bf30820245a003020102021500eaa3f0b662c2a61c96f94194fa33d5baf26eeb84300a06082a8648ce3d040303308189313c303a06035504030c33373532313933346262636164353432622e7a6f6e616c2e75732d656173742d312e6177732e6e6974726f2d656e636c61766573310c300a060355040b0c03415753310f300d060355040a0c06416d617a6f6e310b3009060355040613025553310b300906035504080c0257413110300e06035504070c0753656174746c65301e170d3234313131343130313032345a170d3234313131353130313032345a30818e310b30090603550406130255533113301106035504080c0a57617368696e67746f6e3110300e06035504070c0753656174746c65310f300d060355040a0c06416d617a6f6e310c300a060355040b0c034157533139303706035504030c30692d30663733613462346362373463633966322e75732d656173742d312e6177732e6e6974726f2d656e636c617665733076301006072a8648ce3d020106052b81040022036200040fe46adf864a558a00a9ca4b64ece5ba124ed1d29656a1f16ca71d0dc8fca56b0fb15aafd309f6258374e8c7b4a5b0521c76d1812a7873474dae9322aef1cd782db19fc2ece4d36fa08acbe65e4bec2a3cfe70960d179778ea7e7711f827b36ea366306430120603551d130101ff040830060101ff020100300e0603551d0f0101ff040403020204301d0603551d0e041604143e40d423bf86e9565c378487843389bd2f471a56301f0603551d2304183016801484b6dc9994365b56081f5d1bc8ee21f58e45d7df300a06082a8648ce3d0403030368003065023100c2767f29cc6e40e087617cf680d81e3b77962c29d8ace426b3c4a62a560354da73de6f80986d44da2593a3c268fea94302306056e2f3c88c30170c4940f578acc279a01fe689123e81def4f8c313e1f0cbc44a562a171d12810e847e441aee233f676a7075626c69635f6b6579f669757365725f6461746158205a264748a62368075d34b9494634a3e096e0e48f6647f965b81d2a653de684f2656e6f6e6365f65860284d57f029e1b3beb76455a607b9a86360d6451370f718a0d7bdcad729eea248c25461166ab684ad31fb52713918ee3e401d1b56251d6f9d85bf870e850e0b47559d17091778dbafc3d1989a94bd54c0991053675dcc3686402b189172aae196';
// fastcrypto's `VALID_PCR16_ATTESTATION`: a document with a nonzero PCR 16 and zero PCRs 3 and 8.
const PCR16_ATTESTATION =
  '8444a1013822a059115dbf696d6f64756c655f69647827692d30366662306266346537306435313239662d656e633031396135333736393939303431623166646967657374665348413338346974696d657374616d701b0000019a6ec8483c6470637273b10058303aa0e6e6ed7d8301655fced7e6ddcc443a3e57bf62f070caa6becf337069e859c0f03d68136440ff1cab8adefd20634c015830b0d319fa64f9c2c9d7e9187bc21001ddacfab4077e737957fa1b8b97cc993bed43a79019aebfd40ee5f6f213147909f8025830fdb2295dc5d9b67a653ed5f3ead5fc8166ec3cae1de1c7c6f31c3b43b2eb26ab5d063f414f3d2b93163426805dfe057e035830000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000045830fc4a2e95325943566b6344b99d998df9675cb30e32a1eaf7d74767d818e715f1e289d09b9e5dbceb8245607ffe661b460558300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000658300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000758300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000858300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000958300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000b58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000d58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000e58300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000f583000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010583028827566f8b004a75ccd77ffab1813059cfc384b3b23f926728263fecb03e97d4928fbef613791fcb233d7b16ad74b946b63657274696669636174655902823082027e30820203a0030201020210019a5376999041b10000000069121eca300a06082a8648ce3d04030330818f310b30090603550406130255533113301106035504080c0a57617368696e67746f6e3110300e06035504070c0753656174746c65310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753313a303806035504030c31692d30366662306266346537306435313239662e61702d736f7574682d312e6177732e6e6974726f2d656e636c61766573301e170d3235313131303137323030375a170d3235313131303230323031305a308194310b30090603550406130255533113301106035504080c0a57617368696e67746f6e3110300e06035504070c0753656174746c65310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753313f303d06035504030c36692d30366662306266346537306435313239662d656e63303139613533373639393930343162312e61702d736f7574682d312e6177733076301006072a8648ce3d020106052b81040022036200044cecf4194546b5bed057743d3b17aeb423dfda0a89c3a28213a44ec898bfaa37b9900343a5acf50d30c13b6e2a2e185de0d2ba98983b0fd9e7622c7082cd36b2085decf366a13e5737a50e810bbd8e3b1af389ae047f457c1c7c8481619018f3a31d301b300c0603551d130101ff04023000300b0603551d0f0404030206c0300a06082a8648ce3d0403030369003066023100844a418ab89ac9fc6d49ca3070fc5e22257e8670a749067278621fa11b660d7f81d1f364a48ee7d98d0a198cf0803b4e023100edf4ae664cf49ad0fafb41a56b2ad005d038f47f9f294f90195619f6a3314561fbe62b9330c03f8f8f5ad841245b27da68636162756e646c65845902153082021130820196a003020102021100f93175681b90afe11d46ccb4e4e7f856300a06082a8648ce3d0403033049310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753311b301906035504030c126177732e6e6974726f2d656e636c61766573301e170d3139313032383133323830355a170d3439313032383134323830355a3049310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753311b301906035504030c126177732e6e6974726f2d656e636c617665733076301006072a8648ce3d020106052b8104002203620004fc0254eba608c1f36870e29ada90be46383292736e894bfff672d989444b5051e534a4b1f6dbe3c0bc581a32b7b176070ede12d69a3fea211b66e752cf7dd1dd095f6f1370f4170843d9dc100121e4cf63012809664487c9796284304dc53ff4a3423040300f0603551d130101ff040530030101ff301d0603551d0e041604149025b50dd90547e796c396fa729dcf99a9df4b96300e0603551d0f0101ff040403020186300a06082a8648ce3d0403030369003066023100a37f2f91a1c9bd5ee7b8627c1698d255038e1f0343f95b63a9628c3d39809545a11ebcbf2e3b55d8aeee71b4c3d6adf3023100a2f39b1605b27028a5dd4ba069b5016e65b4fbde8fe0061d6a53197f9cdaf5d943bc61fc2beb03cb6fee8d2302f3dff65902c4308202c030820245a00302010202105c6c380c7169a2c406db2adebfc402c3300a06082a8648ce3d0403033049310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753311b301906035504030c126177732e6e6974726f2d656e636c61766573301e170d3235313130353139323535345a170d3235313132353230323535345a3065310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c034157533137303506035504030c2e386435646337356239383631626631372e61702d736f7574682d312e6177732e6e6974726f2d656e636c617665733076301006072a8648ce3d020106052b810400220362000482b42bc5e60e557e947aa07d8478ce7b26017ff54b4f31e3ee1201ab3c9ba09d341d058386812608536fca9b306175b8a838fe43f719a31cd044f1fb9e0fa7bcb3e66532a9103e8d782f3d1e4ad3fe7f44526063e3e9282b852364e7efc699bea381d53081d230120603551d130101ff040830060101ff020102301f0603551d230418301680149025b50dd90547e796c396fa729dcf99a9df4b96301d0603551d0e041604146597f652cb83b2039635b39fda78a31181a0d551300e0603551d0f0101ff040403020186306c0603551d1f046530633061a05fa05d865b687474703a2f2f6177732d6e6974726f2d656e636c617665732d63726c2e73332e616d617a6f6e6177732e636f6d2f63726c2f61623439363063632d376436332d343262642d396539662d3539333338636236376638342e63726c300a06082a8648ce3d0403030369003066023100cd9577b0282bd71935d06f52c45b1302b69e884d3976c587d9f24ddc90af7bd57ce936df4b819a30cebde1447cf9e7dd023100e66e67a30e47d177a906cfa60262364a9fd1bf973a2ee674e1a46c9ad65d79e06cf26f02acaf668823f6f6e86e61cfbc59031c308203183082029ea003020102021100d1abc6cd83360b04efadad7b076d2a9d300a06082a8648ce3d0403033065310b3009060355040613025553310f300d060355040a0c06416d617a6f6e310c300a060355040b0c034157533137303506035504030c2e386435646337356239383631626631372e61702d736f7574682d312e6177732e6e6974726f2d656e636c61766573301e170d3235313131303032313035355a170d3235313131353232313035355a308189313c303a06035504030c333838346261363561376531353162352e7a6f6e616c2e61702d736f7574682d312e6177732e6e6974726f2d656e636c61766573310c300a060355040b0c03415753310f300d060355040a0c06416d617a6f6e310b3009060355040613025553310b300906035504080c0257413110300e06035504070c0753656174746c653076301006072a8648ce3d020106052b8104002203620004259405cd59e6e9a449f01e8d848a2d2227cab6c1dd01cf93b6aeb5f8532af876a5392565332f0de0bcaa26528811d9e35ca9c631dbf679e8a64841d2d65ee3423aaf1f32caf755ddf7a25bd43eaedaff9554c6812e87104c7122d5c00cb7e8f9a381ec3081e930120603551d130101ff040830060101ff020101301f0603551d230418301680146597f652cb83b2039635b39fda78a31181a0d551301d0603551d0e04160414b5d3e88bb519c1626118de4fbb65f0299f3dbd2f300e0603551d0f0101ff0404030201863081820603551d1f047b30793077a075a0738671687474703a2f2f63726c2d61702d736f7574682d312d6177732d6e6974726f2d656e636c617665732e73332e61702d736f7574682d312e616d617a6f6e6177732e636f6d2f63726c2f36623938353062612d393238332d346130332d383136372d3033663437306338636435372e63726c300a06082a8648ce3d0403030368003065023100c6934996a65a014b29968565bed05a17596c5814dcfb541f35726590202e08ea33044b7104c58b87dac9887413a5dac502306d0c0c2e206514a6976810d9a89581c0b8f295063f8f2e114eabda9f841269e7048ca56df727ccde0eb2ae992c25c09e5902c3308202bf30820245a00302010202142a9784f048ad362becfdec98bc824fc65ed7cf73300a06082a8648ce3d040303308189313c303a06035504030c333838346261363561376531353162352e7a6f6e616c2e61702d736f7574682d312e6177732e6e6974726f2d656e636c61766573310c300a060355040b0c03415753310f300d060355040a0c06416d617a6f6e310b3009060355040613025553310b300906035504080c0257413110300e06035504070c0753656174746c65301e170d3235313131303038313735335a170d3235313131313038313735335a30818f310b30090603550406130255533113301106035504080c0a57617368696e67746f6e3110300e06035504070c0753656174746c65310f300d060355040a0c06416d617a6f6e310c300a060355040b0c03415753313a303806035504030c31692d30366662306266346537306435313239662e61702d736f7574682d312e6177732e6e6974726f2d656e636c617665733076301006072a8648ce3d020106052b81040022036200048695b204a7cfaac9c6e0efea28cfee2d0eebd5571088f26d63fe52d5f2e71be5dd9f7a87c2fabf919c7f4de42b779c51a62c31ce85b2eee236f9fd85cfd0c1e369b27a1d9a17b9449c45c091fe4f478e001d1451c232c1b352b4fd08208b8165a366306430120603551d130101ff040830060101ff020100300e0603551d0f0101ff040403020204301d0603551d0e04160414987e298c478af20045afa06fada37bd95f5651d1301f0603551d23041830168014b5d3e88bb519c1626118de4fbb65f0299f3dbd2f300a06082a8648ce3d04030303680030650230793561db5333f8e88c56b9b147556b0c0f9593b73e72f2e3b424f6bf3942801076052dda3a75212d8790c2ff56d06796023100c7822498ec9b9973c2e07d3f1cb16174d838639124863de7e2173bd843a620071dd678dadfd7264d8711f374a6e1aa306a7075626c69635f6b65795820c68116a630c8bdde83fe1c5a6ff12b5a4f93404e2fc112824d151ed42bf98a2069757365725f6461746140656e6f6e6365f6ff586067970dd36b0bac250de1f1486daa48cc46a72c8cbae30dcb4222768010657e9476db8bf88e6761dc51a31622121de4279e890944823068d541309563e573fcfa18ab152f6476f587254816055d6add843fa6564e6e20c2f0cc8d4690620bc7fe';

/** The Clock of Sui's Move test, in milliseconds. */
const SUI_TEST_TIME = 1731627987382n;
/** fastcrypto verifies the PCR 16 document at this time. */
const PCR16_TIME = 1762795380000n;
const MINUTE = 60_000n;
const HOUR = 60n * MINUTE;

const PARSE_ERROR = aborted(1, 'nitro_attestation');
const VERIFY_ERROR = aborted(2, 'nitro_attestation');

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

/** BCS of the shared `Clock { id: 0x6, timestamp_ms }`. */
const clock = (ms: bigint) => Uint8Array.of(...fromHex('00'.repeat(31) + '06'), ...u64(ms));

const load = (attestation: Uint8Array | string, ms: bigint): Outcome =>
  run(vm, 'nitro_attestation', 'load_nitro_attestation', [bcsBytes(attestation), clock(ms)]);

interface Document {
  moduleId: string;
  timestamp: bigint;
  digest: string;
  pcrs: [number, string][];
  publicKey: string | null;
  userData: string | null;
  nonce: string | null;
}

/** Reads the BCS of a returned `NitroAttestationDocument`. */
function documentOf(outcome: Outcome): Document {
  if (!('ok' in outcome)) throw new Error(`call failed: ${outcome.status} ${String(outcome.code)}`);
  const bytes = fromHex(outcome.ok[0]!);
  let at = 0;
  const uleb = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[at++]!;
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
    }
  };
  const vector = () => {
    const n = uleb();
    at += n;
    return hex(bytes.subarray(at - n, at));
  };
  const text = () => Buffer.from(vector(), 'hex').toString('utf8');
  const option = () => (uleb() === 0 ? null : vector());
  const moduleId = text();
  const timestamp = Buffer.from(bytes.subarray(at, (at += 8))).readBigUInt64LE();
  const digest = text();
  const pcrs = Array.from({ length: uleb() }, (): [number, string] => [bytes[at++]!, vector()]);
  const document = {
    moduleId,
    timestamp,
    digest,
    pcrs,
    publicKey: option(),
    userData: option(),
    nonce: option(),
  };
  expect(at).toBe(bytes.length);
  return document;
}

// CBOR built by hand, to change one thing of a real attestation at a time.
function cborHead(major: number, n: bigint): number[] {
  if (n < 24n) return [(major << 5) | Number(n)];
  const size = n < 0x100n ? 1 : n < 0x10000n ? 2 : n < 0x100000000n ? 4 : 8;
  const out = [(major << 5) | (24 + Math.log2(size))];
  for (let i = size - 1; i >= 0; i--) out.push(Number((n >> BigInt(8 * i)) & 0xffn));
  return out;
}

function encode(value: Cbor): number[] {
  switch (value.kind) {
    case 'int':
      return value.value >= 0n ? cborHead(0, value.value) : cborHead(1, -1n - value.value);
    case 'bytes':
      return [...cborHead(2, BigInt(value.value.length)), ...value.value];
    case 'text': {
      const utf8 = new TextEncoder().encode(value.value);
      return [...cborHead(3, BigInt(utf8.length)), ...utf8];
    }
    case 'array':
      return [...cborHead(4, BigInt(value.items.length)), ...value.items.flatMap(encode)];
    case 'map':
      return [
        ...cborHead(5, BigInt(value.entries.length)),
        ...value.entries.flatMap(([k, v]) => [...encode(k), ...encode(v)]),
      ];
    case 'tag':
      return [...cborHead(6, value.tag), ...encode(value.value)];
    case 'bool':
      return [value.value ? 0xf5 : 0xf4];
    case 'null':
      return [0xf6];
    case 'float': {
      const out = Buffer.alloc(9);
      out[0] = 0xfb;
      out.writeDoubleBE(value.value, 1);
      return [...out];
    }
  }
}

const cbor = (value: Cbor) => Uint8Array.from(encode(value));
const int = (value: number | bigint): Cbor => ({ kind: 'int', value: BigInt(value) });
const bytes = (value: Uint8Array | string): Cbor => ({
  kind: 'bytes',
  value: typeof value === 'string' ? fromHex(value) : value,
});
const text = (value: string): Cbor => ({ kind: 'text', value });
const array = (...items: Cbor[]): Cbor => ({ kind: 'array', items });
const map = (...entries: [Cbor, Cbor][]): Cbor => ({ kind: 'map', entries });
const filled = (length: number, byte = 1) => bytes(new Uint8Array(length).fill(byte));

function parts(value: Cbor): Cbor[] {
  if (value.kind !== 'array') throw new Error('expected a COSE_Sign1 array');
  return value.items;
}

const SUI_TEST = fromHex(SUI_TEST_ATTESTATION);
const [PROTECTED, UNPROTECTED, PAYLOAD, SIGNATURE] = parts(decodeCbor(SUI_TEST)) as [Cbor, Cbor, Cbor, Cbor];
const DOCUMENT = decodeCbor((PAYLOAD as { value: Uint8Array }).value);
const FIELDS = DOCUMENT.kind === 'map' ? DOCUMENT.entries : [];

/** The Move test's attestation with its COSE_Sign1 parts replaced (its signature kept unless given). */
const cose = (changes: { protectedHeader?: Cbor; unprotected?: Cbor; payload?: Cbor; signature?: Cbor }) =>
  cbor(
    array(
      changes.protectedHeader ?? PROTECTED,
      changes.unprotected ?? UNPROTECTED,
      changes.payload ?? PAYLOAD,
      changes.signature ?? SIGNATURE,
    ),
  );

/** The Move test's document with field `name` replaced (or removed: `undefined`), re-encoded. */
function withField(name: string, value: Cbor | undefined): Uint8Array {
  const fields = FIELDS.map(([key, old]): [Cbor, Cbor | undefined] => [
    key,
    key.kind === 'text' && key.value === name ? value : old,
  ]).filter((entry): entry is [Cbor, Cbor] => entry[1] !== undefined);
  return cose({ payload: bytes(cbor(map(...fields))) });
}

const withPcrs = (...entries: [Cbor, Cbor][]) => withField('pcrs', map(...entries));

const ZERO_PCR = '00'.repeat(48);
const SUI_TEST_PCRS: [number, string][] = [
  [0, ZERO_PCR],
  [1, ZERO_PCR],
  [2, ZERO_PCR],
  [3, '639a8b65f68b0223cbb14a0032487e5656d260434e3d1a10e7ec1407fb86143860717fc8afee90df7a1604111709af46'],
  [4, '9ab5a1aba055ee41ee254b9b251a58259b29fa1096859762744e9ac73b5869b25e51223854d9f86adbb37fe69f3e5d1c'],
  [8, ZERO_PCR],
];

describe('the CBOR decoder', () => {
  it('reads the examples of RFC 8949 appendix A', () => {
    const examples: [string, Cbor][] = [
      ['1bffffffffffffffff', int(18446744073709551615n)],
      ['3bffffffffffffffff', int(-18446744073709551616n)],
      ['c249010000000000000000', int(18446744073709551616n)], // a bignum: an integer for ciborium
      ['f93c00', { kind: 'float', value: 1 }],
      ['f97c00', { kind: 'float', value: Infinity }],
      ['fb7e37e43c8800759c', { kind: 'float', value: 1e300 }],
      ['f6', { kind: 'null' }],
      ['f7', { kind: 'null' }], // undefined, which ciborium reads as null
      ['5f42010243030405ff', bytes('0102030405')],
      ['7f657374726561646d696e67ff', text('streaming')],
      ['9fff', array()],
      ['bf61610161629f0203ffff', map([text('a'), int(1)], [text('b'), array(int(2), int(3))])],
    ];
    for (const [encoded, value] of examples)
      expect([encoded, decodeCbor(fromHex(encoded))]).toEqual([encoded, value]);
  });

  it("refuses other simple values, a lone break and more nesting than ciborium's 256 levels", () => {
    for (const encoded of ['f0', 'f820', 'ff', '5f4101', '7f4101ff']) {
      expect(() => decodeCbor(fromHex(encoded))).toThrow();
    }
    expect(() => decodeCbor(fromHex('81'.repeat(256) + '00'))).not.toThrow();
    expect(() => decodeCbor(fromHex('81'.repeat(257) + '00'))).toThrow('recursion limit');
  });
});

describe('the root of trust', () => {
  it("is AWS's Nitro Enclaves root G1 (the SHA-256 fingerprint AWS publishes)", () => {
    const der = Buffer.from(NITRO_ROOT_CERTIFICATE.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    expect(createHash('sha256').update(der).digest('hex')).toBe(
      '641a0321a3e244efe456463195d606317ed7cdcc3c1756e09893f3c68f79bb5b',
    );
  });
});

describe('load_nitro_attestation on real attestations', () => {
  it("returns the document of Sui's Move test, with its six PCRs, user data and no key or nonce", () => {
    expect(documentOf(load(SUI_TEST, SUI_TEST_TIME))).toEqual({
      moduleId: 'i-0f73a4b4cb74cc9f2-enc0192e4188fef781d',
      timestamp: 1731627989450n,
      digest: 'SHA384',
      pcrs: SUI_TEST_PCRS,
      publicKey: null,
      userData: '5a264748a62368075d34b9494634a3e096e0e48f6647f965b81d2a653de684f2',
      nonce: null,
    });
  });

  it('gives the same from the native called with the timestamp directly', () => {
    const direct = run(vm, 'nitro_attestation', 'load_nitro_attestation_internal', [
      bcsBytes(SUI_TEST),
      u64(SUI_TEST_TIME),
    ]);
    expect(direct).toEqual(load(SUI_TEST, SUI_TEST_TIME));
  });

  it("keeps a nonzero PCR 16 and the zero required PCRs 3 and 8 (fastcrypto's PCR 16 document)", () => {
    const document = documentOf(load(PCR16_ATTESTATION, PCR16_TIME));
    expect(document.pcrs.map(([index]) => index)).toEqual([0, 1, 2, 3, 4, 8, 16]);
    expect(document.pcrs[6]![1]).toBe(
      '28827566f8b004a75ccd77ffab1813059cfc384b3b23f926728263fecb03e97d4928fbef613791fcb233d7b16ad74b94',
    );
    expect(document.pcrs[3]![1]).toBe(ZERO_PCR);
    expect(document).toMatchObject({
      moduleId: 'i-06fb0bf4e70d5129f-enc019a5376999041b1',
      timestamp: 1762795210812n,
      publicKey: 'c68116a630c8bdde83fe1c5a6ff12b5a4f93404e2fc112824d151ed42bf98a20',
      userData: '',
      nonce: null,
    });
  });

  it('accepts what Sui does not read: tag 18, elements after the fourth, bytes after the item', () => {
    const expected = load(SUI_TEST, SUI_TEST_TIME);
    expect(load(cbor({ kind: 'tag', tag: 18n, value: decodeCbor(SUI_TEST) }), SUI_TEST_TIME)).toEqual(
      expected,
    );
    expect(load(cbor(array(PROTECTED, UNPROTECTED, PAYLOAD, SIGNATURE, int(7))), SUI_TEST_TIME)).toEqual(
      expected,
    );
    expect(load(Uint8Array.of(...SUI_TEST, 0xff, 0x00), SUI_TEST_TIME)).toEqual(expected);
    // The unprotected header is not signed: any map without a repeated key will do.
    expect(load(cose({ unprotected: map([int(4), bytes('3131')]) }), SUI_TEST_TIME)).toEqual(expected);
  });
});

describe("the certificates' validity at the Clock's time (fastcrypto's window)", () => {
  it('accepts 10 minutes either side and aborts with 2 three hours either side', () => {
    expect(load(SUI_TEST, SUI_TEST_TIME + 10n * MINUTE)).toHaveProperty('ok');
    expect(load(SUI_TEST, SUI_TEST_TIME - 10n * MINUTE)).toHaveProperty('ok');
    expect(load(SUI_TEST, SUI_TEST_TIME + 3n * HOUR)).toEqual(VERIFY_ERROR); // expired
    expect(load(SUI_TEST, SUI_TEST_TIME - 3n * HOUR)).toEqual(VERIFY_ERROR); // not yet valid
  });

  it("aborts with 2 at the leaf's notAfter plus one second, not at notAfter itself", () => {
    // The leaf is valid until 2024-11-15T00:24:29Z; Sui compares whole seconds.
    const notAfter = BigInt(Date.UTC(2024, 10, 15, 0, 24, 29));
    expect(load(SUI_TEST, notAfter + 999n)).toHaveProperty('ok');
    expect(load(SUI_TEST, notAfter + 1000n)).toEqual(VERIFY_ERROR);
  });
});

describe('attestations that do not parse abort with 1 (EParseError)', () => {
  it("refuses the Move test's 0x0000 and other bytes that are no COSE_Sign1", () => {
    expect(load('0000', SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    expect(load('', SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    expect(load(SUI_TEST.subarray(0, 500), SUI_TEST_TIME)).toEqual(PARSE_ERROR); // truncated
    expect(load(cbor(array(PROTECTED, UNPROTECTED, PAYLOAD)), SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    expect(load(cbor({ kind: 'tag', tag: 19n, value: decodeCbor(SUI_TEST) }), SUI_TEST_TIME)).toEqual(
      PARSE_ERROR,
    );
  });

  it('refuses another algorithm, a repeated header key, a signature of another length', () => {
    const es256 = bytes(cbor(map([int(1), int(-7)])));
    expect(load(cose({ protectedHeader: es256 }), SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    const twice = map([int(4), bytes('31')], [int(4), bytes('32')]);
    expect(load(cose({ unprotected: twice }), SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    const short = bytes((SIGNATURE as { value: Uint8Array }).value.subarray(1));
    expect(load(cose({ signature: short }), SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    expect(load(cose({ payload: bytes(cbor(text('not a map'))) }), SUI_TEST_TIME)).toEqual(PARSE_ERROR);
  });

  it('refuses a document with a field missing or of the wrong type or size', () => {
    for (const name of ['module_id', 'digest', 'certificate', 'timestamp', 'pcrs', 'cabundle']) {
      expect([name, load(withField(name, undefined), SUI_TEST_TIME)]).toEqual([name, PARSE_ERROR]);
    }
    const cases: [string, Cbor][] = [
      ['module_id', text('')],
      ['digest', text('SHA256')],
      ['timestamp', int(-1)],
      ['timestamp', { kind: 'tag', tag: 2n, value: bytes('010000000000000000') }], // a bignum, 2^64
      ['timestamp', text('1731627989450')],
      ['certificate', filled(1025)],
      ['certificate', filled(0)],
      ['user_data', filled(513)],
      ['nonce', filled(513)],
      ['public_key', filled(1025)],
      ['cabundle', array()],
      ['cabundle', array(...Array.from({ length: 11 }, () => filled(1)))],
      ['cabundle', array(filled(1025))],
      ['cabundle', map()],
    ];
    for (const [name, value] of cases) {
      expect([name, load(withField(name, value), SUI_TEST_TIME)]).toEqual([name, PARSE_ERROR]);
    }
  });

  it('refuses PCRs of the wrong length, index or count, and an index kept twice', () => {
    const pcr = filled(48);
    for (const pcrs of [
      [[int(0), filled(33)]],
      [[int(-1), pcr]],
      [[int(256), pcr]],
      [[text('0'), pcr]],
      Array.from({ length: 33 }, (_, i) => [int(i), pcr]),
      [
        [int(0), pcr],
        [int(0), filled(48, 2)],
      ],
    ] as [Cbor, Cbor][][]) {
      expect(load(withPcrs(...pcrs), SUI_TEST_TIME)).toEqual(PARSE_ERROR);
    }
  });

  it('parses documents at the limits, which then fail the signature with 2', () => {
    const zero = filled(48, 0);
    for (const attestation of [
      withField('user_data', filled(512)),
      withField('nonce', filled(512)),
      withField('public_key', filled(0)), // refused before the upgraded parsing
      withField('public_key', text('not bytes')), // read as absent
      withField('timestamp', { kind: 'tag', tag: 2n, value: bytes('0193') }), // a bignum is an integer
      withPcrs([int(32), filled(32)]), // above 31: skipped
      withPcrs([int(5), zero], [int(5), zero]), // zero and not required: skipped, so not a repeat
    ]) {
      expect(load(attestation, SUI_TEST_TIME)).toEqual(VERIFY_ERROR);
    }
  });
});

describe('signatures and chains that do not verify abort with 2 (EVerifyError)', () => {
  it('refuses a tampered signature and a tampered document', () => {
    const signature = Uint8Array.from((SIGNATURE as { value: Uint8Array }).value);
    signature[0]! ^= 1;
    expect(load(cose({ signature: bytes(signature) }), SUI_TEST_TIME)).toEqual(VERIFY_ERROR);
    const userData = fromHex('5a264748a62368075d34b9494634a3e096e0e48f6647f965b81d2a653de684f3');
    expect(load(withField('user_data', bytes(userData)), SUI_TEST_TIME)).toEqual(VERIFY_ERROR);
  });

  // fastcrypto's mutations of the parsed document, which keep the COSE signature valid.
  it('refuses a cabundle without its last certificate, or with a corrupted one', () => {
    const verifyMutated = (mutate: (cabundle: Uint8Array[]) => void) => {
      const parsed = parseAttestation(SUI_TEST);
      mutate(parsed.document.cabundle);
      return () => verifyAttestation(parsed, SUI_TEST_TIME);
    };
    expect(verifyMutated(() => undefined)).not.toThrow();
    expect(verifyMutated((c) => c.pop())).toThrow('certificate chain issuer mismatch');
    expect(verifyMutated((c) => (c[c.length - 1]![20] = 0))).toThrow('certificate fails to verify');
    expect(verifyMutated((c) => (c[0]![20] = 0))).toThrow('certificate fails to verify');
  });
});

// Certificates made here, for chains that do not lead to AWS's root: the COSE signature is valid (the
// leaf's own key signs), so what fails is the chain.
const der = (tag: number, ...contents: Uint8Array[]): Uint8Array => {
  const content = Buffer.concat(contents);
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Uint8Array.of(tag, ...length), content]);
};
const oid = (value: string) => der(0x06, fromHex(value));
const ECDSA_SHA384 = der(0x30, oid('2a8648ce3d040303'));
const commonName = (cn: string) => der(0x30, der(0x31, der(0x30, oid('550403'), der(0x0c, Buffer.from(cn)))));
const KEY_CERT_SIGN = Uint8Array.of(1, 0x06); // keyCertSign and cRLSign
const DIGITAL_SIGNATURE = Uint8Array.of(7, 0x80);

function makeCertificate(c: {
  subject: Uint8Array;
  issuer: Uint8Array;
  key: KeyObject;
  signer: KeyObject;
  ca: boolean;
  keyUsage?: Uint8Array;
}): Uint8Array {
  const extensions: Uint8Array[] = [];
  if (c.ca) {
    const critical = der(0x01, Uint8Array.of(0xff));
    extensions.push(der(0x30, oid('551d13'), critical, der(0x04, der(0x30, critical))));
  }
  if (c.keyUsage) extensions.push(der(0x30, oid('551d0f'), der(0x04, der(0x03, c.keyUsage))));
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Uint8Array.of(2))),
    der(0x02, Uint8Array.of(1)),
    ECDSA_SHA384,
    c.issuer,
    der(0x30, der(0x17, Buffer.from('241114000000Z')), der(0x17, Buffer.from('241116000000Z'))),
    c.subject,
    c.key.export({ type: 'spki', format: 'der' }),
    der(0xa3, der(0x30, ...extensions)),
  );
  return der(0x30, tbs, ECDSA_SHA384, der(0x03, Uint8Array.of(0), sign('sha384', tbs, c.signer)));
}

/** The Move test's document under a leaf and CA made here, signed with the leaf's key. */
function selfMade(caName: Uint8Array, leafKeyUsage?: Uint8Array): Uint8Array {
  const ca = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  const leaf = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  const caCertificate = makeCertificate({
    subject: caName,
    issuer: caName,
    key: ca.publicKey,
    signer: ca.privateKey,
    ca: true,
    keyUsage: KEY_CERT_SIGN,
  });
  const leafCertificate = makeCertificate({
    subject: commonName('enclave'),
    issuer: caName,
    key: leaf.publicKey,
    signer: ca.privateKey,
    ca: false,
    ...(leafKeyUsage && { keyUsage: leafKeyUsage }),
  });
  const fields = FIELDS.map(([key, value]): [Cbor, Cbor] => {
    const name = key.kind === 'text' ? key.value : '';
    if (name === 'certificate') return [key, bytes(leafCertificate)];
    return [key, name === 'cabundle' ? array(bytes(caCertificate)) : value];
  });
  const payload = cbor(map(...fields));
  const signed = cbor(array(text('Signature1'), PROTECTED, bytes(''), bytes(payload)));
  const signature = sign('sha384', signed, { key: leaf.privateKey, dsaEncoding: 'ieee-p1363' });
  return cose({ payload: bytes(payload), signature: bytes(signature) });
}

const ROOT_NAME = parseCertificate(new X509Certificate(NITRO_ROOT_CERTIFICATE).raw).subject;

describe('chains made here, signed correctly but not by AWS', () => {
  it('abort with 2 and fail on the chain, not on the COSE signature', () => {
    const cases: [Uint8Array, string][] = [
      [selfMade(commonName('not aws'), DIGITAL_SIGNATURE), 'certificate chain issuer mismatch'],
      // A CA that names itself as AWS's root, but whose signature the root's key does not verify.
      [selfMade(ROOT_NAME, DIGITAL_SIGNATURE), 'certificate fails to verify'],
      [selfMade(ROOT_NAME), 'missing key usage extension'],
      [selfMade(ROOT_NAME, KEY_CERT_SIGN), 'leaf certificate missing digitalSignature'],
    ];
    for (const [attestation, reason] of cases) {
      expect(load(attestation, SUI_TEST_TIME)).toEqual(VERIFY_ERROR);
      expect(() => verifyAttestation(parseAttestation(attestation), SUI_TEST_TIME)).toThrow(reason);
    }
  });
});
