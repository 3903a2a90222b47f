import { describe, expect, it } from 'vitest';
import { type BankEntry, parseCamt053, StatementFormatError } from './camt053.ts';
import { buildCamt053, randomCredits, type TestEntry } from './testing/camt053-statement.ts';

const shopIban = 'DE02120300000000202051';

// As a German savings bank exports it: a batch credit of two transfers (one remittance split over two
// lines), a debit, balances, bank transaction codes, agents and our own party data around them.
const savingsBankStatement = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 camt.053.001.02.xsd">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>0510007024030418301234567</MsgId>
      <CreDtTm>2024-03-04T18:30:12.0+01:00</CreDtTm>
      <MsgPgntn>
        <PgNb>1</PgNb>
        <LastPgInd>true</LastPgInd>
      </MsgPgntn>
    </GrpHdr>
    <Stmt>
      <Id>0510007024030418301234567-0001</Id>
      <ElctrncSeqNb>45</ElctrncSeqNb>
      <CreDtTm>2024-03-04T18:30:12.0+01:00</CreDtTm>
      <FrToDt>
        <FrDtTm>2024-03-04T00:00:00.0+01:00</FrDtTm>
        <ToDtTm>2024-03-04T23:59:59.9+01:00</ToDtTm>
      </FrToDt>
      <Acct>
        <Id>
          <IBAN>${shopIban}</IBAN>
        </Id>
        <Ccy>EUR</Ccy>
        <Ownr>
          <Nm>Urlaubsgutschein GmbH</Nm>
        </Ownr>
        <Svcr>
          <FinInstnId>
            <BIC>BYLADEM1001</BIC>
            <Nm>Stadtsparkasse München</Nm>
          </FinInstnId>
        </Svcr>
      </Acct>
      <Bal>
        <Tp>
          <CdOrPrtry>
            <Cd>PRCD</Cd>
          </CdOrPrtry>
        </Tp>
        <Amt Ccy="EUR">15230.17</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt>
          <Dt>2024-03-01</Dt>
        </Dt>
      </Bal>
      <Bal>
        <Tp>
          <CdOrPrtry>
            <Cd>CLBD</Cd>
          </CdOrPrtry>
        </Tp>
        <Amt Ccy="EUR">16566.57</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt>
          <Dt>2024-03-04</Dt>
        </Dt>
      </Bal>
      <Ntry>
        <Amt Ccy="EUR">1348.90</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt>
          <Dt>2024-03-04</Dt>
        </BookgDt>
        <ValDt>
          <Dt>2024-03-04</Dt>
        </ValDt>
        <AcctSvcrRef>2024030412345678</AcctSvcrRef>
        <BkTxCd>
          <Domn>
            <Cd>PMNT</Cd>
            <Fmly>
              <Cd>RCDT</Cd>
              <SubFmlyCd>ESCT</SubFmlyCd>
            </Fmly>
          </Domn>
          <Prtry>
            <Cd>NTRF+166+9310</Cd>
            <Issr>DK</Issr>
          </Prtry>
        </BkTxCd>
        <NtryDtls>
          <Btch>
            <NbOfTxs>2</NbOfTxs>
          </Btch>
          <TxDtls>
            <Refs>
              <EndToEndId>RE-2024-0815</EndToEndId>
            </Refs>
            <AmtDtls>
              <TxAmt>
                <Amt Ccy="EUR">1299.00</Amt>
              </TxAmt>
            </AmtDtls>
            <RltdPties>
              <Dbtr>
                <Nm>Jürgen Weiß</Nm>
              </Dbtr>
              <DbtrAcct>
                <Id>
                  <IBAN>DE89370400440532013000</IBAN>
                </Id>
              </DbtrAcct>
              <Cdtr>
                <Nm>Urlaubsgutschein GmbH</Nm>
              </Cdtr>
              <CdtrAcct>
                <Id>
                  <IBAN>${shopIban}</IBAN>
                </Id>
              </CdtrAcct>
            </RltdPties>
            <RltdAgts>
              <DbtrAgt>
                <FinInstnId>
                  <BIC>COBADEFFXXX</BIC>
                </FinInstnId>
              </DbtrAgt>
            </RltdAgts>
            <RmtInf>
              <Ustrd>DEMO-00000042 Gutschein Ostsee</Ustrd>
            </RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs>
              <EndToEndId>NOTPROVIDED</EndToEndId>
            </Refs>
            <AmtDtls>
              <TxAmt>
                <Amt Ccy="EUR">49.9</Amt>
              </TxAmt>
            </AmtDtls>
            <RltdPties>
              <Dbtr>
                <Nm>Müller &amp; Söhne GbR</Nm>
              </Dbtr>
              <DbtrAcct>
                <Id>
                  <IBAN>AT611904300234573201</IBAN>
                </Id>
              </DbtrAcct>
            </RltdPties>
            <RmtInf>
              <Ustrd>Urlaubsgutschein Bestellung DEMO-0</Ustrd>
              <Ustrd>0000043 Danke</Ustrd>
            </RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>SAMMLER-GUTSCHRIFT</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <NtryRef>2024030400017</NtryRef>
        <Amt Ccy="EUR">12.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt>
          <DtTm>2024-03-04T09:12:44.0+01:00</DtTm>
        </BookgDt>
        <ValDt>
          <Dt>2024-03-05</Dt>
        </ValDt>
        <BkTxCd>
          <Domn>
            <Cd>PMNT</Cd>
            <Fmly>
              <Cd>ICDT</Cd>
              <SubFmlyCd>ESCT</SubFmlyCd>
            </Fmly>
          </Domn>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <EndToEndId>ERSTATTUNG-17</EndToEndId>
            </Refs>
            <AmtDtls>
              <TxAmt>
                <Amt Ccy="EUR">12.50</Amt>
              </TxAmt>
            </AmtDtls>
            <RltdPties>
              <Cdtr>
                <Nm>Zoë Schäfer</Nm>
              </Cdtr>
              <CdtrAcct>
                <Id>
                  <IBAN>DE75512108001245126199</IBAN>
                </Id>
              </CdtrAcct>
            </RltdPties>
            <RmtInf>
              <Ustrd>Erstattung DEMO-00000017</Ustrd>
            </RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>ONLINE-UEBERWEISUNG</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

// camt.053.001.08 with a namespace prefix, as some banks write it: <Sts><Cd>, Dbtr/Pty/Nm, TxDtls/Amt.
const version08Statement = `<?xml version="1.0" encoding="UTF-8"?>
<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <ns2:BkToCstmrStmt>
    <ns2:GrpHdr><ns2:MsgId>MSG-77</ns2:MsgId><ns2:CreDtTm>2024-03-05T06:00:00</ns2:CreDtTm></ns2:GrpHdr>
    <ns2:Stmt>
      <ns2:Id>STMT-2024-064</ns2:Id>
      <ns2:CreDtTm>2024-03-05T06:00:00</ns2:CreDtTm>
      <ns2:Acct><ns2:Id><ns2:IBAN>IT60X0542811101000000123456</ns2:IBAN></ns2:Id></ns2:Acct>
      <ns2:Bal>
        <ns2:Tp><ns2:CdOrPrtry><ns2:Cd>CLBD</ns2:Cd></ns2:CdOrPrtry></ns2:Tp>
        <ns2:Amt Ccy="EUR">250.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:Dt><ns2:Dt>2024-03-04</ns2:Dt></ns2:Dt>
      </ns2:Bal>
      <ns2:Ntry>
        <ns2:Amt Ccy="EUR">250</ns2:Amt>
        <ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>
        <ns2:Sts><ns2:Cd>BOOK</ns2:Cd></ns2:Sts>
        <ns2:BookgDt><ns2:Dt>2024-03-04</ns2:Dt></ns2:BookgDt>
        <ns2:ValDt><ns2:Dt>2024-03-04</ns2:Dt></ns2:ValDt>
        <ns2:AcctSvcrRef>ENTRY-1</ns2:AcctSvcrRef>
        <ns2:BkTxCd><ns2:Prtry><ns2:Cd>48</ns2:Cd><ns2:Issr>ABI</ns2:Issr></ns2:Prtry></ns2:BkTxCd>
        <ns2:NtryDtls>
          <ns2:TxDtls>
            <ns2:Refs><ns2:AcctSvcrRef>TX-1</ns2:AcctSvcrRef><ns2:EndToEndId>E2E-9</ns2:EndToEndId></ns2:Refs>
            <ns2:Amt Ccy="EUR">250</ns2:Amt>
            <ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>
            <ns2:RltdPties>
              <ns2:Dbtr><ns2:Pty><ns2:Nm>Niccol&#242; D&#x27;Angelo</ns2:Nm></ns2:Pty></ns2:Dbtr>
              <ns2:DbtrAcct><ns2:Id><ns2:IBAN>IT02L1234512345123456789012</ns2:IBAN></ns2:Id></ns2:DbtrAcct>
            </ns2:RltdPties>
            <ns2:RmtInf>
              <ns2:Ustrd>Buono vacanza</ns2:Ustrd>
              <ns2:Strd><ns2:CdtrRefInf><ns2:Ref>VIAGGI-00000321</ns2:Ref></ns2:CdtrRefInf></ns2:Strd>
            </ns2:RmtInf>
          </ns2:TxDtls>
        </ns2:NtryDtls>
      </ns2:Ntry>
      <ns2:Ntry>
        <ns2:Amt Ccy="EUR">99.00</ns2:Amt>
        <ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>
        <ns2:Sts><ns2:Cd>PDNG</ns2:Cd></ns2:Sts>
        <ns2:ValDt><ns2:DtTm>2024-03-06T00:00:00</ns2:DtTm></ns2:ValDt>
        <ns2:AcctSvcrRef>ENTRY-2</ns2:AcctSvcrRef>
        <ns2:BkTxCd/>
      </ns2:Ntry>
      <ns2:Ntry>
        <ns2:Amt Ccy="EUR">80.00</ns2:Amt>
        <ns2:CdtDbtInd>DBIT</ns2:CdtDbtInd>
        <ns2:RvslInd>true</ns2:RvslInd>
        <ns2:Sts><ns2:Prtry>RETURNED</ns2:Prtry></ns2:Sts>
        <ns2:BookgDt><ns2:Dt>2024-03-04</ns2:Dt></ns2:BookgDt>
        <ns2:NtryRef>ENTRY-3</ns2:NtryRef>
        <ns2:BkTxCd/>
      </ns2:Ntry>
    </ns2:Stmt>
  </ns2:BkToCstmrStmt>
</ns2:Document>
`;

// Two accounts in one file; the second statement has nothing that may be left out.
const twoStatements = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2024-03-04T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>A-1</Id>
      <CreDtTm>2024-03-04T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${shopIban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-04</Dt></Dt></Bal>
    </Stmt>
    <Stmt>
      <Id>B-1</Id>
      <Acct><Id><IBAN>AT611904300234573201</IBAN></Id></Acct>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.01</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-04</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="EUR">0.01</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2024-03-04</Dt></BookgDt>
        <BkTxCd/>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

/** A bare statement with one credit per amount, written as given. */
const withAmounts = (amounts: readonly string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
  <Id>S-3</Id><Acct><Id><IBAN>${shopIban}</IBAN></Id></Acct>
  ${amounts.map((amount, index) => `<Ntry><NtryRef>${index}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-04</Dt></BookgDt></Ntry>`).join('\n  ')}
</Stmt></BkToCstmrStmt></Document>`;

function rejection(input: string | Buffer): StatementFormatError {
  try {
    parseCamt053(input);
  } catch (error) {
    if (error instanceof StatementFormatError) return error;
    throw error;
  }
  throw new Error('the input was accepted');
}

describe('parseCamt053', () => {
  it('reads a savings bank export: a batch credit of two transfers and a debit', () => {
    // As downloaded: bytes with a byte order mark and Windows line ends.
    const file = Buffer.from(`\uFEFF${savingsBankStatement.replaceAll('\n', '\r\n')}`, 'utf8');

    const [statement, ...others] = parseCamt053(file);

    expect(others).toEqual([]);
    expect(statement).toEqual({
      id: '0510007024030418301234567-0001',
      iban: shopIban,
      currency: 'EUR',
      createdAt: '2024-03-04T18:30:12.0+01:00',
      entries: [
        {
          id: `${shopIban}/2024030412345678#1`,
          bookingDate: '2024-03-04',
          valueDate: '2024-03-04',
          amountCents: 129900,
          currency: 'EUR',
          direction: 'credit',
          isReversal: false,
          status: 'booked',
          remittance: 'DEMO-00000042 Gutschein Ostsee',
          endToEndId: 'RE-2024-0815',
          debtor: { name: 'Jürgen Weiß', iban: 'DE89370400440532013000' },
        },
        {
          id: `${shopIban}/2024030412345678#2`,
          bookingDate: '2024-03-04',
          valueDate: '2024-03-04',
          amountCents: 4990,
          currency: 'EUR',
          direction: 'credit',
          isReversal: false,
          status: 'booked',
          remittance: 'Urlaubsgutschein Bestellung DEMO-0 0000043 Danke',
          endToEndId: null,
          debtor: { name: 'Müller & Söhne GbR', iban: 'AT611904300234573201' },
        },
        {
          id: `${shopIban}/2024030400017`,
          bookingDate: '2024-03-04',
          valueDate: '2024-03-05',
          amountCents: 1250,
          currency: 'EUR',
          direction: 'debit',
          isReversal: false,
          status: 'booked',
          remittance: 'Erstattung DEMO-00000017',
          endToEndId: 'ERSTATTUNG-17',
          debtor: { name: null, iban: null },
        },
      ],
    });
  });

  it('reads camt.053.001.08 with a namespace prefix: status codes, structured references, pending and reversed entries', () => {
    const [statement] = parseCamt053(version08Statement);

    expect(statement).toMatchObject({
      id: 'STMT-2024-064',
      iban: 'IT60X0542811101000000123456',
      currency: null,
      createdAt: '2024-03-05T06:00:00',
    });
    expect(statement?.entries).toEqual([
      {
        id: 'IT60X0542811101000000123456/TX-1',
        bookingDate: '2024-03-04',
        valueDate: '2024-03-04',
        amountCents: 25000,
        currency: 'EUR',
        direction: 'credit',
        isReversal: false,
        status: 'booked',
        remittance: 'Buono vacanza VIAGGI-00000321',
        endToEndId: 'E2E-9',
        debtor: { name: "Niccolò D'Angelo", iban: 'IT02L1234512345123456789012' },
      },
      {
        id: 'IT60X0542811101000000123456/ENTRY-2',
        bookingDate: '2024-03-06',
        valueDate: '2024-03-06',
        amountCents: 9900,
        currency: 'EUR',
        direction: 'credit',
        isReversal: false,
        status: 'pending',
        remittance: '',
        endToEndId: null,
        debtor: { name: null, iban: null },
      },
      {
        id: 'IT60X0542811101000000123456/ENTRY-3',
        bookingDate: '2024-03-04',
        valueDate: null,
        amountCents: 8000,
        currency: 'EUR',
        direction: 'debit',
        isReversal: true,
        status: 'other',
        remittance: '',
        endToEndId: null,
        debtor: { name: null, iban: null },
      },
    ]);
  });

  it('reads every statement of a file, with optional parts left out', () => {
    const statements = parseCamt053(twoStatements);

    expect(
      statements.map(({ id, iban, currency, createdAt }) => ({ id, iban, currency, createdAt })),
    ).toEqual([
      { id: 'A-1', iban: shopIban, currency: 'EUR', createdAt: '2024-03-04T18:00:00' },
      { id: 'B-1', iban: 'AT611904300234573201', currency: null, createdAt: null },
    ]);
    expect(statements[0]?.entries).toEqual([]);
    // Without any bank reference the entry is named by its place in the statement.
    expect(statements[1]?.entries).toEqual([
      {
        id: 'AT611904300234573201/B-1.1',
        bookingDate: '2024-03-04',
        valueDate: null,
        amountCents: 1,
        currency: 'EUR',
        direction: 'credit',
        isReversal: false,
        status: 'booked',
        remittance: '',
        endToEndId: null,
        debtor: { name: null, iban: null },
      },
    ]);
  });

  it.each(['02', '08'] as const)('reads back what the test generator writes (camt.053.001.%s)', (version) => {
    const entries: TestEntry[] = [
      {
        amountCents: 129900,
        remittance: 'DEMO-00000042',
        debtorName: 'Jürgen Weiß',
        debtorIban: 'DE89370400440532013000',
        endToEndId: 'E2E-1',
        acctSvcrRef: 'A-1',
      },
      {
        amountCents: 4990,
        remittance: ['Gutschein <Ostsee> & "Meer"', "DEMO-00000043 l'estate"],
        creditorReference: 'RF18539007547034',
        debtorName: 'Müller & Söhne <GbR>',
        acctSvcrRef: 'A-2',
      },
      {
        acctSvcrRef: 'A-3',
        transactions: [
          { amountCents: 10000, remittance: 'AUTOCLUB-00001234', transactionRef: 'T-1', debtorName: 'Zoë' },
          { amountCents: 2550, remittance: 'autoclub 0000 1235', transactionRef: 'T-2' },
        ],
      },
      {
        amountCents: 1250,
        remittance: 'Entgelt',
        direction: 'debit',
        ntryRef: 'N-4',
        valueDate: '2024-03-05',
      },
      {
        amountCents: 5000,
        remittance: 'Rückbuchung',
        direction: 'debit',
        reversal: true,
        acctSvcrRef: 'A-5',
      },
      { amountCents: 1, remittance: 'Vormerkung', currency: 'CHF', status: 'PDNG', acctSvcrRef: 'A-6' },
    ];
    const booked = (entry: Partial<BankEntry>): BankEntry => ({
      id: '',
      bookingDate: '2024-03-04',
      valueDate: '2024-03-04',
      amountCents: 0,
      currency: 'EUR',
      direction: 'credit',
      isReversal: false,
      status: 'booked',
      remittance: '',
      endToEndId: null,
      debtor: { name: null, iban: null },
      ...entry,
    });

    const statements = parseCamt053(buildCamt053({ iban: shopIban, statementId: 'S-1', version, entries }));

    expect(statements).toEqual([
      {
        id: 'S-1',
        iban: shopIban,
        currency: 'EUR',
        createdAt: '2024-03-04T18:30:00.0+01:00',
        entries: [
          booked({
            id: `${shopIban}/A-1`,
            amountCents: 129900,
            remittance: 'DEMO-00000042',
            endToEndId: 'E2E-1',
            debtor: { name: 'Jürgen Weiß', iban: 'DE89370400440532013000' },
          }),
          booked({
            id: `${shopIban}/A-2`,
            amountCents: 4990,
            remittance: `Gutschein <Ostsee> & "Meer" DEMO-00000043 l'estate RF18539007547034`,
            debtor: { name: 'Müller & Söhne <GbR>', iban: null },
          }),
          booked({
            id: `${shopIban}/T-1`,
            amountCents: 10000,
            remittance: 'AUTOCLUB-00001234',
            debtor: { name: 'Zoë', iban: null },
          }),
          booked({ id: `${shopIban}/T-2`, amountCents: 2550, remittance: 'autoclub 0000 1235' }),
          booked({
            id: `${shopIban}/N-4`,
            amountCents: 1250,
            direction: 'debit',
            valueDate: '2024-03-05',
            remittance: 'Entgelt',
          }),
          booked({
            id: `${shopIban}/A-5`,
            amountCents: 5000,
            direction: 'debit',
            isReversal: true,
            remittance: 'Rückbuchung',
          }),
          booked({
            id: `${shopIban}/A-6`,
            amountCents: 1,
            currency: 'CHF',
            status: 'pending',
            remittance: 'Vormerkung',
          }),
        ],
      },
    ]);
  });

  it('keeps the transactions of a batch apart when the bank repeats one reference in all of them', () => {
    const xml = buildCamt053({
      iban: shopIban,
      statementId: 'S-2',
      entries: [
        {
          acctSvcrRef: 'BATCH-7',
          transactions: [
            { amountCents: 100, remittance: 'a', transactionRef: 'BATCH-7' },
            { amountCents: 200, remittance: 'b', transactionRef: 'BATCH-7' },
          ],
        },
      ],
    });

    const ids = parseCamt053(xml)[0]?.entries.map((entry) => entry.id);

    expect(ids).toEqual([`${shopIban}/BATCH-7#1`, `${shopIban}/BATCH-7#2`]);
  });

  it('reads amounts exactly, without floating point', () => {
    const amounts = ['0.01', '0.29', '1.15', '4.35', '1234.5', '1348.90', '100', '9999999.99'];

    const cents = parseCamt053(withAmounts(amounts))[0]?.entries.map((entry) => entry.amountCents);

    expect(cents).toEqual([1, 29, 115, 435, 123450, 134890, 10000, 999999999]);
  });

  it('accepts every camt.053 version from 001.02 to 001.13 and no other', () => {
    const xml = buildCamt053({ iban: shopIban, statementId: 'S-4', version: '08', entries: [] });
    const inVersion = (version: string) => xml.replaceAll('camt.053.001.08', `camt.053.001.${version}`);

    for (const version of ['02', '04', '10', '13']) expect(parseCamt053(inVersion(version))).toHaveLength(1);
    for (const version of ['01', '14', '1']) {
      expect(rejection(inVersion(version)).problem).toEqual({
        kind: 'unsupported-version',
        version: `001.${version}`,
      });
    }
  });

  // How fast is measured in bench/bank-import.bench.ts, not here.
  it('parses a statement of 10,000 entries, each with an id of its own', () => {
    const references = Array.from(
      { length: 1_000 },
      (_, index) => `DEMO-${String(index + 1).padStart(8, '0')}`,
    );
    const xml = buildCamt053({
      iban: shopIban,
      statementId: 'BIG',
      entries: randomCredits(10_000, references),
    });
    const [statement] = parseCamt053(xml);
    expect(statement?.entries).toHaveLength(10_000);
    expect(new Set(statement?.entries.map((entry) => entry.id)).size).toBe(10_000);
  });
});

describe('files parseCamt053 refuses, saying why', () => {
  it('an empty file', () => {
    for (const empty of ['', '  \r\n', Buffer.alloc(0)])
      expect(rejection(empty).problem).toEqual({ kind: 'empty' });
    expect(rejection('').describe('en')).toBe('The file is empty.');
  });

  it('an HTML page, e.g. a bank login page saved instead of the statement', () => {
    const html = `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Online-Banking – Anmeldung</title></head>
<body><form action="/login"><input name="user"><br><button>Anmelden</button></form></body></html>`;

    const error = rejection(html);

    expect(error.problem).toEqual({ kind: 'not-camt053', found: '<html>' });
    expect(error.message).toBe('Die Datei ist kein camt.053-Kontoauszug (gefunden: <html>).');
  });

  it('a camt.054 notification or other ISO 20022 messages', () => {
    const camt054 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>N1</MsgId><CreDtTm>2024-03-04T10:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>N1</Id><Acct><Id><IBAN>${shopIban}</IBAN></Id></Acct></Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

    const error = rejection(camt054);

    expect(error.problem).toEqual({ kind: 'not-camt053', found: 'camt.054.001.08' });
    expect(error.describe('en')).toBe('The file is not a camt.053 bank statement (found: camt.054.001.08).');
    expect(error.describe('it')).toBe('Il file non è un estratto conto camt.053 (trovato: camt.054.001.08).');
    const pain =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>';
    expect(rejection(pain).problem).toEqual({ kind: 'not-camt053', found: 'pain.001.001.03' });
    expect(rejection('<Document><BkToCstmrStmt/></Document>').problem).toEqual({
      kind: 'not-camt053',
      found: '<Document>',
    });
  });

  it('an XML bomb, without expanding it', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE Document [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol9;</Id></Stmt></BkToCstmrStmt></Document>`;

    expect(rejection(bomb).problem).toEqual({ kind: 'entity-declarations' });
    expect(rejection(bomb).describe('en')).toContain('declares XML entities');
  });

  it('a declared entity, which would otherwise read a local file', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE Document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&secret;</Id></Stmt></BkToCstmrStmt></Document>`;

    expect(rejection(xxe)).toBeInstanceOf(StatementFormatError);
    expect(rejection(xxe).message).not.toContain('root:');
  });

  it('a truncated download, which must not pass as a shorter statement', () => {
    const xml = buildCamt053({
      iban: shopIban,
      statementId: 'S-5',
      entries: randomCredits(3, ['DEMO-00000042']),
    });
    const truncated = xml.slice(0, xml.lastIndexOf('<Ntry>'));

    expect(rejection(truncated).problem.kind).toBe('not-xml');
    expect(rejection(truncated).message).toMatch(/^Die Datei ist kein gültiges XML \(\d+:\d+: .+\)\.$/);
  });

  it('text that is not XML, and a file in another encoding than UTF-8', () => {
    expect(rejection('Kontoauszug März 2024; Betrag 12,50').problem.kind).toBe('not-xml');
    expect(rejection('{"statement": []}').problem.kind).toBe('not-xml');
    const latin1 = Buffer.from(
      buildCamt053({ iban: shopIban, statementId: 'S-6', entries: randomCredits(1, ['DEMO-00000042']) }),
      'latin1',
    );
    expect(rejection(latin1).problem).toEqual({ kind: 'encoding' });
  });

  it('a statement without what we must know, naming the place', () => {
    const xml = withAmounts(['1.00']);

    expect(rejection(xml.replace(`<IBAN>${shopIban}</IBAN>`, '')).problem).toEqual({
      kind: 'missing',
      field: 'Stmt/Acct/Id/IBAN',
      at: 'Stmt 1',
    });
    expect(rejection(xml.replace('<CdtDbtInd>CRDT</CdtDbtInd>', '')).problem).toEqual({
      kind: 'missing',
      field: 'CdtDbtInd',
      at: 'Stmt 1, Ntry 1',
    });
    const error = rejection(withAmounts(['1.00', '1,00']));
    expect(error.problem).toEqual({ kind: 'invalid', field: 'Amt', value: '1,00', at: 'Stmt 1, Ntry 2' });
    expect(error.describe('de')).toBe('Ungültiger Wert in Amt: "1,00" (Stmt 1, Ntry 2).');
    expect(rejection(withAmounts(['-5.00'])).problem.kind).toBe('invalid');
  });
});
