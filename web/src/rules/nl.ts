import type { RulesText } from './types';

export const rulesNl: RulesText = {
  basics: [
    {
      heading: 'Bord en doel',
      paras: [
        'Het bord staat rechtop: kolommen naast elkaar, rijen boven elkaar. Het klassieke bord is 7 kolommen breed en 6 rijen hoog. Jij en je tegenstander laten om de beurt een schijf van je eigen kleur in een kolom vallen waar nog plaats is; hij zakt naar het laagste vrije vakje.',
        'Maak vier eigen schijven op een ononderbroken lijn — horizontaal, verticaal of schuin — voordat je tegenstander dat doet. Is het bord vol en heeft niemand een lijn, dan is het remise. Rood begint altijd, geel is tweede. Passen bestaat niet.',
      ],
    },
    {
      heading: 'Zetten noteren',
      paras: [
        'Kolommen hebben letters vanaf links (a, b, c, …), rijen nummers vanaf onderen; d1 is het midden van de onderste rij. De zettenlijst toont elke schijf met haar nummer, een schijfteken in de kleur van de speler en de kolom: "7. ● d" betekent dat de zevende schijf in kolom d viel. Uitduwen (PopOut) schrijf je met een dakje: "d^".',
      ],
    },
    {
      heading: 'Aan tafel',
      paras: [
        'Wijs een kolom aan en erboven verschijnt een schijf in jouw kleur; klik om hem te laten vallen. Op een telefoon kiest de eerste tik de kolom en laat de tweede tik vallen. Met het toetsenbord kiezen de pijltjes een kolom, Enter laat vallen en een cijfer laat direct in die kolom vallen (1 is kolom a).',
      ],
    },
    {
      heading: 'De match',
      paras: [
        'Op het 7×6-bord wint wie begint bij perfect spel; daarom is een partij voor de rating een match van twee partijen, en in de tweede wisselen de kleuren en de eerste zet van speler.',
        'Winst levert 1 punt op, remise ½, verlies 0. De uitslag van de match is de som: 2:0, 1½:½ of 1:1. Een 1:1-match is gelijk; er komt geen extra partij.',
        'Na een partij blijft de eindstelling op het bord tot elke speler op "Klaar voor de volgende partij" heeft gedrukt. "Partij opgeven", onder het bord, geeft alleen de lopende partij op; "Match opgeven" geeft die partij en alle nog komende partijen op.',
      ],
    },
    {
      heading: 'Klok en rating',
      paras: [
        'Net als bij schaken heeft elke speler één tijdsbank voor de hele match, en na elke eigen zet komen er een paar seconden bij. Wie door zijn tijd heen is, verliest de match. Is een speler 30 seconden weg terwijl hij aan zet is, dan mag de tegenstander de match opeisen.',
        'Alleen matches tellen voor de rating (Glicko-2, één rating per variant); een losse partij nooit.',
      ],
    },
    {
      heading: 'Analyse en nauwkeurigheid',
      paras: [
        'Na elke partij vier op een rij rekent de exacte oplosser elke stelling ervan door: voor elke mogelijke zet of die bij het beste spel wint, remise maakt of verliest, en hoe snel. Dat is de waarheid, geen schatting van een engine. Drie spelers en twiceFour hebben geen analyse: de oplosser speelt alleen vier op een rij met twee kleuren.',
        'Een zet houdt de uitslag vast als hij de speler dezelfde afloop laat als de beste zet (een gewonnen stelling blijft gewonnen, een remisestelling remise); een zet die haar verandert is een fout. Waar de uitslag behouden blijft, toont de pagina ook hoeveel zetten later de winst (of hoeveel eerder het verlies) komt dan met de beste zet.',
        'Nauwkeurigheid telt alleen de zetten waar het ertoe deed, waar een mogelijke zet de uitslag zou hebben verspeeld: het is het deel van die zetten dat haar vasthield. Een partij waarin niets mis kon gaan heeft geen nauwkeurigheid. Het profiel telt de geanalyseerde partijen per variant op.',
      ],
    },
  ],
  variants: {
    classic: [
      {
        heading: 'Klassiek',
        paras: [
          'Het spel precies zoals hieronder beschreven: een 7×6-bord, vier op een rij, een match van twee partijen met gewisselde kleuren.',
        ],
      },
    ],
    single: [
      {
        heading: 'Losse partij',
        paras: ['Eén partij in plaats van een match, voor een snel potje. Een losse partij telt nooit voor de rating.'],
      },
    ],
    five: [
      {
        heading: 'Vijf op een rij',
        paras: [
          'Het bord is 9 kolommen breed en je hebt vijf op een rij nodig in plaats van vier.',
          'De twee buitenste kolommen beginnen vol, met afwisselende kleuren: kolom a van onderen rood, geel, rood, …; kolom i gespiegeld, beginnend met geel. Deze schijven tellen mee voor lijnen zoals alle andere. Met PopOut aan kunnen ze nooit worden uitgeduwd.',
        ],
      },
    ],
    popout: [
      {
        heading: 'PopOut',
        paras: [
          'Als je aan zet bent, laat je zoals gewoonlijk een schijf vallen of je duwt er een uit: je haalt een van je eigen schijven uit de onderste rij. Die verlaat het spel en alles erboven in die kolom zakt één rij.',
          'Omdat uitduwen schijven van beide kleuren verplaatst, kan het een lijn maken voor jou, voor je tegenstander of voor allebei. Krijgen beiden tegelijk een lijn, dan wint wie uitduwde; krijgt alleen de tegenstander er een, dan wint de tegenstander.',
          'Een schijf die het bord zonder lijn vol maakt, geeft remise, en uitduwen dat het bord leeg maakt ook. Dezelfde stelling met dezelfde speler aan zet voor de derde keer is remise; de tafel waarschuwt bij de tweede keer.',
          'Aan tafel hebben je eigen schijven in de onderste rij een uitduwteken: klik op de schijf (of de pijl eronder) om hem uit te duwen. Met het toetsenbord mikt pijl omlaag op het uitduwen en voert Enter het uit.',
        ],
      },
    ],
    small: [
      {
        heading: 'Klein bord',
        paras: [
          'Het bord is 6 kolommen bij 5 rijen; de rest is klassiek. Bij perfect spel eindigt dit bord in remise, dus het is een eerlijk duel.',
        ],
      },
    ],
    misere: [
      {
        heading: 'Misère',
        paras: [
          'Alles draait om: wie een lijn van vier maakt, verliest. Raakt het bord vol zonder lijn, dan is het remise.',
        ],
      },
    ],
    cylinder: [
      {
        heading: 'Cilinder',
        paras: [
          'Het bord is tot een ring gebogen: de kolom rechts van de laatste is weer de eerste. Horizontale en schuine lijnen mogen over die rand doorlopen, dus op een bord van 7 breed vormen g, a, b en c ook een lijn.',
          'Aan tafel tonen de vage kolommen aan beide kanten de buren aan de andere kant van de naad.',
        ],
      },
    ],
    obstacles: [
      {
        heading: 'Obstakels',
        paras: [
          'Voor de match vallen een aantal neutrale blokken (4 op 7×6; de tafel kiest 2 tot 8) in willekeurig gekozen kolommen, spiegelsymmetrisch rond de middelste kolom.',
          'Een blok vult zijn vakje als een schijf, maar is van niemand en hoort nooit bij een lijn. Beide partijen van de match gebruiken dezelfde blokken.',
        ],
      },
    ],
    'drawn-opening': [
      {
        heading: 'Gelote opening',
        paras: [
          'Voor de match wordt een korte opening (standaard 2 zetten, hoogstens 6) geloot en op het bord gezet; wie aan zet is, speelt verder. De opening bevat nooit een lijn en geeft de speler aan zet nooit winst in één zet.',
          'Beide partijen beginnen vanuit dezelfde opening met gewisselde kleuren, zodat elke speler elke kant één keer speelt.',
        ],
      },
    ],
    'three-players': [
      {
        heading: 'Drie spelers',
        paras: [
          'Drie kleuren — rood, geel en groen — spelen in die volgorde op een 9×7-bord. Groene schijven dragen een ruitteken.',
          'De eerste lijn van vier wint en de andere twee verliezen; een vol bord is remise. Een match duurt drie partijen en de volgorde draait, zodat iedereen één keer begint.',
        ],
      },
    ],
    'two-vs-two': [
      {
        heading: 'Twee tegen twee',
        paras: [
          'Vier spelers in twee teams, rood en geel, op een 8×7-bord. Teamgenoten delen een kleur en een uitslag. De volgorde is Rood 1, Geel 1, Rood 2, Geel 2.',
          'Elke speler heeft een eigen klok, en wie door zijn tijd gaat, verliest de match voor het hele team. Een match duurt twee partijen; de teams wisselen van kleur en eerste zet.',
        ],
      },
    ],
  },
  twicefour: [
    {
      heading: 'Bord en stukken',
      paras: [
        'twiceFour speel je op 21 punten: een raster van 5×5 (kolommen a–e, rijen 1–5) zonder de vier hoeken. Punten zijn alleen horizontaal en verticaal verbonden.',
        'Er valt niets. Elke kant begint met vijf stukken, en de tweede opstelling is de eerste omgedraaid: kruis op b1, c1, d1, b2, d2 en cirkel op d5, c5, b5, d4, b4. Elf punten zijn leeg, waaronder het midden c3. (Tot 1 december 2026 begon kruis op a2, b1, c1, d1, e2; daarvandaan vulde de beginner rij 2 in drie stappen en was hij niet te stoppen, dus is de beginstand veranderd. Vanuit deze stand kan geen van beiden vroeg een rondewinst afdwingen.) Voor ronde 1 kiest iedereen kruis of cirkel; willen beiden hetzelfde, dan beslist het lot.',
      ],
    },
    {
      heading: 'Zetten en scoren',
      paras: [
        'De spelers zetten om de beurt één eigen stuk één stap naar een leeg buurpunt — niet schuin. Wie geen stap kan zetten, past.',
        'Er zijn 16 lijnen van vier punten: stukken van vier op de rijen 2, 3 en 4 en de kolommen b, c en d, en vier diagonalen (a2–d5, b1–e4, a4–d1, b5–e2). Vier eigen stukken op een ervan leveren een punt op. De stukken blijven staan, maar die lijn telt deze ronde voor geen van beiden nog eens.',
        'Wie het eerst twee punten heeft, wint de ronde; een zet die twee lijnen tegelijk afmaakt, telt ze allebei. Door je tijd gaan of opgeven verliest de ronde.',
      ],
    },
    {
      heading: 'Als niemand er komt',
      paras: [
        'Een ronde eindigt na 80 halve zetten, of wanneer dezelfde stelling (elk stuk op hetzelfde punt, dezelfde speler aan zet) voor de derde keer voorkomt; de tafel waarschuwt bij de tweede keer. Dan winnen de meeste punten; bij gelijke punten de betere opstelling: neem voor elke nog niet getelde lijn zonder vijandelijke stukken het kwadraat van het aantal eigen stukken erop (1, 4 of 9) en tel op. Weer gelijk, dan is de ronde remise.',
      ],
    },
    {
      heading: 'Match en niveaus',
      paras: [
        'De winnaar van de loting begint ronde 1, de ander ronde 2. Een gewonnen ronde is 1 waard, een remise ½. Staat het na twee rondes 1–1, dan beslist een derde ronde, met opnieuw een loting wie begint; eindigt die in remise, dan ook de match.',
        'De computer heeft zeven niveaus met 60, 50, 40, 30, 25, 20 en 15 seconden per zet; hij kijkt 1, 2, 3, 4, 5, 6 en 8 halve zetten vooruit.',
      ],
    },
    {
      heading: 'Een uitgewerkt voorbeeld',
      paras: [
        'Kruis heeft al gescoord met d2–d5 en staat op b1, c2, d3, d4 en d5; d2 en e4 zijn leeg. De stap d4–e4 maakt de diagonaal b1–e4 af: het tweede punt en de ronde. De stap c2–d2 maakt d2–d5 opnieuw af, maar een lijn telt maar één keer, dus die levert niets op. Probeer het op het bord hieronder.',
      ],
    },
  ],
  facts: 'Goed om te weten',
  factList: [
    'Klassiek 7×6: bij perfect spel wint wie begint, met de 41e schijf (Allen en Allis, 1988).',
    'Het 6×5-bord van de variant klein bord is remise bij perfect spel, net als 5×4 en 7×7.',
    'PopOut op 7×6 is winst voor wie begint; misère op 7×6 is winst voor de tweede speler.',
  ],
};
