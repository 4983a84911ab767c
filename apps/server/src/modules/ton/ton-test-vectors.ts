// Test data only: public ton_proof vectors and wallet code BOCs, each from the repository and
// path cited. Imported by the *.test.ts files of this folder, never by the server.

import type { TonProofRequest } from "./ton-proof.ts";

/**
 * The example of TON's reference backend (tonkeeper/tonproof, README.md "Authorization process",
 * repeated in ton-connect's demo backend docs). It carries no state_init: the reference fetches
 * the key with get_public_key. The key below is not in the README: it comes from a public
 * CosmWasm contract test using this vector (contract.rs, test_proof), and it is confirmed by two
 * independent facts checked while writing these tests: tweetnacl verifies the signature with it,
 * and the address is exactly the wallet v4R2 (subwallet 698983191) of that key.
 */
export const TONKEEPER_README_VECTOR: TonProofRequest = {
  address: "0:f63660ff947e5fe6ed4a8f729f1b24ef859497d0483aaa9d9ae48414297c4e1b",
  network: "-239",
  public_key: "db642e022c80911fe61f19eb4f22d7fb95c1ea0b589c0f74ecf0cbf6db746c13",
  proof: {
    timestamp: 1668094767,
    domain: {
      lengthBytes: 21,
      value: "ton-connect.github.io",
    },
    signature:
      "28tWSg8RDB3P/iIYupySINq1o3F5xLodndzNFHOtdi16Z+MuII8LAPnHLT3E6WTB27//qY4psU5Rf5/aJaIIAA==",
    payload: "E5B4ARS6CdOI2b5e1jz0jnS-x-a3DgfNXprrg_3pec0=",
  },
};

/**
 * Proofs signed by wallets on mainnet and testnet for winogarcia.github.io, the test data of
 * TonProof.NET (WinoGarcia/TonProof.NET, TonProof.Tests/Data/CheckProofRequest*.cs): one per
 * wallet contract, with its state_init. Signatures, addresses and state inits checked with
 * tweetnacl and @ton/core's contractAddress while writing these tests.
 */
export const WALLET_VECTORS = {
  /** CheckProofRequestV3R1Mainnet.cs */
  v3R1Mainnet: {
    address: "0:c83546fdc5fac87d55f04804919c0829bc0e6be24b8e564590dbc44380c30ee9",
    network: "-239",
    public_key: "e635249f6b3fbaf9742ae1d09d8f6f01b6082ff9256d719006329405019f3198",
    proof: {
      timestamp: 1721827131,
      domain: {
        lengthBytes: 20,
        value: "winogarcia.github.io",
      },
      signature:
        "LVQzfrfwz8I5ZCl7WFpGdICvYbHxPplZnMKx0gT/X0jFlDOohPa9/6RtzvcSGWqtHBwE6XlUUadmcZoTMlyUAw==",
      payload:
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1bmlxdWVfbmFtZSI6IjExMjM3N2UxLWUwYjktNGIyOC05NjJkLTRiZDAxMTFmZmY3NyIsIm5iZiI6MTcyMTgyNzA4MiwiZXhwIjoxNzIxODI3OTgyLCJpYXQiOjE3MjE4MjcwODIsImlzcyI6Iklzc3VlckZvclBheWxvYWQiLCJhdWQiOiJBdWRpZW5jZUZvclBheWxvYWQifQ.BZ6LvTKvsSPZ4H6nbwcQP3gjVgvkbYm2vPIQjJ4Gyak",
      state_init:
        "te6cckEBAwEAkQACATQCAQBQAAAAACmpoxfmNSSfaz+6+XQq4dCdj28Btggv+SVtcZAGMpQFAZ8xmADA/wAg3SCCAUyXupcw7UTQ1wsf4KTyYIMI1xgg0x/TH9Mf+CMTu/Jj7UTQ0x/TH9P/0VEyuvKhUUS68qIE+QFUEFX5EPKj+ACTINdKltMH1AL7AOjRAaTIyx/LH8v/ye1UGy3yHQ==",
    },
  } as TonProofRequest,
  /** CheckProofRequestV4R2Mainnet.cs (same key as the v3R1 vector) */
  v4R2Mainnet: {
    address: "0:0522952c6d0846ad7f93dfb7987e5f77f02ee53290a26f9be85a50c689085932",
    network: "-239",
    public_key: "e635249f6b3fbaf9742ae1d09d8f6f01b6082ff9256d719006329405019f3198",
    proof: {
      timestamp: 1721827476,
      domain: {
        lengthBytes: 20,
        value: "winogarcia.github.io",
      },
      signature:
        "z05SXc3qseQ/c/Fwmp+D4+qF2QWRAbP7E8mcYwbxBTqsEcG/DQdMdUUJhYx0NQTpid38oxBDYnJ9vB0cZkd/Bw==",
      payload:
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1bmlxdWVfbmFtZSI6IjExMjM3N2UxLWUwYjktNGIyOC05NjJkLTRiZDAxMTFmZmY3NyIsIm5iZiI6MTcyMTgyNzA4MiwiZXhwIjoxNzIxODI3OTgyLCJpYXQiOjE3MjE4MjcwODIsImlzcyI6Iklzc3VlckZvclBheWxvYWQiLCJhdWQiOiJBdWRpZW5jZUZvclBheWxvYWQifQ.BZ6LvTKvsSPZ4H6nbwcQP3gjVgvkbYm2vPIQjJ4Gyak",
      state_init:
        "te6cckECFgEAAwQAAgE0AgEAUQAAAAApqaMX5jUkn2s/uvl0KuHQnY9vAbYIL/klbXGQBjKUBQGfMZhAART/APSkE/S88sgLAwIBIAkEBPjygwjXGCDTH9Mf0x8C+CO78mTtRNDTH9Mf0//0BNFRQ7ryoVFRuvKiBfkBVBBk+RDyo/gAJKTIyx9SQMsfUjDL/1IQ9ADJ7VT4DwHTByHAAJ9sUZMg10qW0wfUAvsA6DDgIcAB4wAhwALjAAHAA5Ew4w0DpMjLHxLLH8v/CAcGBQAK9ADJ7VQAbIEBCNcY+gDTPzBSJIEBCPRZ8qeCEGRzdHJwdIAYyMsFywJQBc8WUAP6AhPLassfEss/yXP7AABwgQEI1xj6ANM/yFQgR4EBCPRR8qeCEG5vdGVwdIAYyMsFywJQBs8WUAT6AhTLahLLH8s/yXP7AAIAbtIH+gDU1CL5AAXIygcVy//J0Hd0gBjIywXLAiLPFlAF+gIUy2sSzMzJc/sAyEAUgQEI9FHypwICAUgTCgIBIAwLAFm9JCtvaiaECAoGuQ+gIYRw1AgIR6STfSmRDOaQPp/5g3gSgBt4EBSJhxWfMYQCASAODQARuMl+1E0NcLH4AgFYEg8CASAREAAZrx32omhAEGuQ64WPwAAZrc52omhAIGuQ64X/wAA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYALm0AHQ0wMhcbCSXwTgItdJwSCSXwTgAtMfIYIQcGx1Z70ighBkc3RyvbCSXwXgA/pAMCD6RAHIygfL/8nQ7UTQgQFA1yH0BDBcgQEI9ApvoTGzkl8H4AXTP8glghBwbHVnupI4MOMNA4IQZHN0crqSXwbjDRUUAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+IAeAH6APQEMPgnbyIwUAqhIb7y4FCCEHBsdWeDHrFwgBhQBMsFJs8WWPoCGfQAy2kXyx9SYMs/IMmAQPsABru64+A=",
    },
  } as TonProofRequest,
  /** CheckProofRequestV4R2Testnet.cs */
  v4R2Testnet: {
    address: "0:13f04fa2a978c6eaccc5c0521c44d87b5be7f673ff20176a0203d90e8b90a7c1",
    network: "-3",
    public_key: "c5134fcb39879c2cf81ffdc347353d031cf184538130fdd42688152088bf69ba",
    proof: {
      timestamp: 1718913764,
      domain: {
        lengthBytes: 20,
        value: "winogarcia.github.io",
      },
      signature:
        "YlhjR9vEhyGyYbrGavBFMxvQ0Gj0x3ESHO2mZ/QzMSItfpTw2q52TOkLklpx5VJochzAbkyVmYAvGmHgHcasAg==",
      payload: "mypayload",
      state_init:
        "te6cckECFgEAAwQAAgE0ARUBFP8A9KQT9LzyyAsCAgEgAxACAUgEBwLm0AHQ0wMhcbCSXwTgItdJwSCSXwTgAtMfIYIQcGx1Z70ighBkc3RyvbCSXwXgA/pAMCD6RAHIygfL/8nQ7UTQgQFA1yH0BDBcgQEI9ApvoTGzkl8H4AXTP8glghBwbHVnupI4MOMNA4IQZHN0crqSXwbjDQUGAHgB+gD0BDD4J28iMFAKoSG+8uBQghBwbHVngx6xcIAYUATLBSbPFlj6Ahn0AMtpF8sfUmDLPyDJgED7AAYAilAEgQEI9Fkw7UTQgQFA1yDIAc8W9ADJ7VQBcrCOI4IQZHN0coMesXCAGFAFywVQA88WI/oCE8tqyx/LP8mAQPsAkl8D4gIBIAgPAgEgCQ4CAVgKCwA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIAwNABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AABG4yX7UTQ1wsfgAWb0kK29qJoQICga5D6AhhHDUCAhHpJN9KZEM5pA+n/mDeBKAG3gQFImHFZ8xhAT48oMI1xgg0x/TH9MfAvgju/Jk7UTQ0x/TH9P/9ATRUUO68qFRUbryogX5AVQQZPkQ8qP4ACSkyMsfUkDLH1Iwy/9SEPQAye1U+A8B0wchwACfbFGTINdKltMH1AL7AOgw4CHAAeMAIcAC4wABwAORMOMNA6TIyx8Syx/L/xESExQAbtIH+gDU1CL5AAXIygcVy//J0Hd0gBjIywXLAiLPFlAF+gIUy2sSzMzJc/sAyEAUgQEI9FHypwIAcIEBCNcY+gDTP8hUIEeBAQj0UfKnghBub3RlcHSAGMjLBcsCUAbPFlAE+gIUy2oSyx/LP8lz+wACAGyBAQjXGPoA0z8wUiSBAQj0WfKnghBkc3RycHSAGMjLBcsCUAXPFlAD+gITy2rLHxLLP8lz+wAACvQAye1UAFEAAAAAKamjF8UTT8s5h5ws+B/9w0c1PQMc8YRTgTD91CaIFSCIv2m6QFpYiqg=",
    },
  } as TonProofRequest,
  /** CheckProofRequestV5Testnet.cs: a W5 beta wallet, its code a library cell. */
  v5BetaTestnet: {
    address: "0:7afd7563d8fd084d35060278320769743905983b8ea43c5b16fb6e3dc0a190dd",
    network: "-3",
    public_key: "c5134fcb39879c2cf81ffdc347353d031cf184538130fdd42688152088bf69ba",
    proof: {
      timestamp: 1721812530,
      domain: {
        lengthBytes: 20,
        value: "winogarcia.github.io",
      },
      signature:
        "8ab+IBU83nga6aNznUNEHr3OgN1L7I2raVomWNrhEElTFI1a3VvAz4mzvQbaYiaCY+WftHZrJnSiEgnbRYojDA==",
      payload:
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1bmlxdWVfbmFtZSI6IjQxNDA1NzUxLTNlZjEtNDZhYi04ZDJiLTRkMjE4NWVhZjI2ZSIsIm5iZiI6MTcyMTgxMjQ4OCwiZXhwIjoxNzIxODEzMzg4LCJpYXQiOjE3MjE4MTI0ODgsImlzcyI6Iklzc3VlckZvclBheWxvYWQiLCJhdWQiOiJBdWRpZW5jZUZvclBheWxvYWQifQ.rzJ1tpq-jDp19pDwWO8ZNp8T9ZkME9CZXIppWc5FYGo",
      state_init:
        "te6cckEBAwEAWQACATQCAQBdAAAAAH////6AAAAAAABiiaflnMPOFnwP/uGjmp6BjnjCKcCYfuoTRAqQRF+03SAIQgLkzzsvTG1qYeoPK1RH0mZ4WyavNjfbLe7mvNGqgm80EpjwGJs=",
    },
  } as TonProofRequest,
};

/** Wallet code BOCs as @ton/ton ships them (ton-org/ton, src/wallets/v3/r1.ts, v3/r2.ts, v5r1/WalletContractV5R1.ts). */
export const WALLET_CODE_BOCS = {
  v3R1: "te6cckEBAQEAYgAAwP8AIN0gggFMl7qXMO1E0NcLH+Ck8mCDCNcYINMf0x/TH/gjE7vyY+1E0NMf0x/T/9FRMrryoVFEuvKiBPkBVBBV+RDyo/gAkyDXSpbTB9QC+wDo0QGkyMsfyx/L/8ntVD++buA=",
  v3R2: "te6cckEBAQEAcQAA3v8AIN0gggFMl7ohggEznLqxn3Gw7UTQ0x/THzHXC//jBOCk8mCDCNcYINMf0x/TH/gjE7vyY+1E0NMf0x/T/9FRMrryoVFEuvKiBPkBVBBV+RDyo/gAkyDXSpbTB9QC+wDo0QGkyMsfyx/L/8ntVBC9ba0=",
  v5R1Hex:
    "b5ee9c7241021401000281000114ff00f4a413f4bcf2c80b01020120020d020148030402dcd020d749c120915b8f6320d70b1f2082106578746ebd21821073696e74bdb0925f03e082106578746eba8eb48020d72101d074d721fa4030fa44f828fa443058bd915be0ed44d0810141d721f4058307f40e6fa1319130e18040d721707fdb3ce03120d749810280b99130e070e2100f020120050c020120060902016e07080019adce76a2684020eb90eb85ffc00019af1df6a2684010eb90eb858fc00201480a0b0017b325fb51341c75c875c2c7e00011b262fb513435c280200019be5f0f6a2684080a0eb90fa02c0102f20e011e20d70b1f82107369676ebaf2e08a7f0f01e68ef0eda2edfb218308d722028308d723208020d721d31fd31fd31fed44d0d200d31f20d31fd3ffd70a000af90140ccf9109a28945f0adb31e1f2c087df02b35007b0f2d0845125baf2e0855036baf2e086f823bbf2d0882292f800de01a47fc8ca00cb1f01cf16c9ed542092f80fde70db3cd81003f6eda2edfb02f404216e926c218e4c0221d73930709421c700b38e2d01d72820761e436c20d749c008f2e09320d74ac002f2e09320d71d06c712c2005230b0f2d089d74cd7393001a4e86c128407bbf2e093d74ac000f2e093ed55e2d20001c000915be0ebd72c08142091709601d72c081c12e25210b1e30f20d74a111213009601fa4001fa44f828fa443058baf2e091ed44d0810141d718f405049d7fc8ca0040048307f453f2e08b8e14038307f45bf2e08c22d70a00216e01b3b0f2d090e2c85003cf1612f400c9ed54007230d72c08248e2d21f2e092d200ed44d0d2005113baf2d08f54503091319c01810140d721d70a00f2e08ee2c8ca0058cf16c9ed5493f2c08de20010935bdb31e1d74cd0b4d6c35e",
};
