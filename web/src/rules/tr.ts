import type { RulesText } from './types';

export const rulesTr: RulesText = {
  basics: [
    {
      heading: 'Tahta ve amaç',
      paras: [
        'Tahta dik durur: sütunlar yan yana, satırlar üst üste. Klasik tahta 7 sütun genişliğinde ve 6 satır yüksekliğindedir. Sen ve rakibin sırayla, hâlâ yer olan bir sütuna kendi renginizde bir taş bırakırsınız; taş en alttaki boş hücreye kayar.',
        'Rakibinden önce dört taşını kesintisiz bir çizgiye — yatay, dikey ya da çapraz — dizmeye çalış. Tahta dolar ve kimsenin çizgisi yoksa oyun berabere biter. Her zaman önce kırmızı, sonra sarı oynar. Pas geçmek yoktur.',
      ],
    },
    {
      heading: 'Hamlelerin yazılışı',
      paras: [
        'Sütunlar soldan harflerle (a, b, c, …), satırlar alttan rakamlarla adlandırılır; d1 alt satırın ortasıdır. Hamle listesi her taşı sıra numarası, oynayanın renginde bir taş işareti ve sütunla gösterir: "7. ● d", yedinci taşın d sütununa düştüğü demektir. Bir çıkarma (PopOut) şapkayla yazılır: "d^".',
      ],
    },
    {
      heading: 'Masada',
      paras: [
        'Bir sütunu gösterdiğinde üstünde kendi renginde bir taş belirir; bırakmak için tıkla. Telefonda ilk dokunuş sütunu seçer, ikincisi taşı bırakır. Klavyede ok tuşları sütunu seçer, Enter bırakır, bir rakam ise taşı doğrudan o sütuna bırakır (1, a sütunudur).',
      ],
    },
    {
      heading: 'Maç',
      paras: [
        '7×6 tahtada kusursuz oyunda başlayan kazanır; bu yüzden reytingli oyun iki oyunluk bir maçtır ve ikinci oyunda renkler ile ilk hamle el değiştirir.',
        'Kazanılan oyun 1 puan, beraberlik ½, yenilgi 0 puandır. Maç sonucu bunların toplamıdır: 2:0, 1½:½ ya da 1:1. 1:1 biten maç berabere sayılır; ek oyun oynanmaz.',
        'Bir oyundan sonra son pozisyon, her oyuncu "Sonraki oyuna hazırım" düğmesine basana dek tahtada kalır. Tahtanın altındaki "Oyunu bırak" yalnızca o oyunu verir; "Maçtan çekil" o oyunu ve kalan bütün oyunları verir.',
      ],
    },
    {
      heading: 'Saat ve reyting',
      paras: [
        'Satranç saatinde olduğu gibi her oyuncunun bütün maç için bir süre bankası vardır ve her hamlesinden sonra birkaç saniye eklenir. Süresi biten maçı kaybeder. Sırası gelmişken 30 saniye ortadan kaybolan oyuncuya karşı rakibi maçı talep edebilir.',
        'Reyting yalnızca maçlarda hesaplanır (Glicko-2, her çeşit için ayrı bir reyting); tek oyun hiçbir zaman reytingli değildir.',
      ],
    },
    {
      heading: 'Analiz ve isabet',
      paras: [
        'Her dörtlü oyununun ardından kesin çözücü oyunun her konumunu hesaplar: mümkün olan her hamle için en iyi oyunla kazanıp kazanmadığını, berabere mi kaldığını yoksa kaybettiğini ve ne kadar çabuk. Bu bir motor tahmini değil, gerçeğin kendisidir. Üç oyunculu oyun ve twiceFour için analiz yoktur: çözücü yalnızca iki renkli dörtlüyü oynar.',
        'Bir hamle, hamleyi yapana en iyi hamlenin bırakacağı sonucu bırakıyorsa sonucu korur (kazanılmış konum kazanılmış, berabere konum berabere kalır); sonucu değiştiren hamle bir hatadır. Sonucun korunduğu yerde sayfa, galibiyetin en iyi hamleye göre kaç hamle geç (ya da yenilginin kaç hamle erken) geldiğini de gösterir.',
        'İsabet yalnızca önemli olan hamleleri sayar, yani mümkün bir hamlenin sonucu kaybettireceği hamleleri: bunların sonucu koruyan payıdır. Hiçbir şeyin ters gidemeyeceği bir oyunun isabeti yoktur. Profil her çeşidin analiz edilmiş oyunlarını toplar.',
      ],
    },
  ],
  variants: {
    classic: [
      {
        heading: 'Klasik',
        paras: [
          'Oyun tam aşağıda anlatıldığı gibidir: 7×6 tahta, dörtlü sıra, renklerin yer değiştirdiği iki oyunluk maç.',
        ],
      },
    ],
    single: [
      {
        heading: 'Tek oyun',
        paras: ['Hızlı bir el için maç yerine tek bir oyun. Tek oyun hiçbir zaman reytingli değildir.'],
      },
    ],
    five: [
      {
        heading: 'Beşli sıra',
        paras: [
          'Tahta 9 sütun genişliğindedir ve dört yerine beş taşlık bir sıra gerekir.',
          'İki dış sütun baştan dolu başlar, renkler sırayla değişir: a sütunu alttan kırmızı, sarı, kırmızı, …; i sütunu bunun aynadaki hâli, sarıyla başlar. Bu taşlar çizgilerde diğerleri gibi sayılır. PopOut açıksa asla çıkarılamazlar.',
        ],
      },
    ],
    popout: [
      {
        heading: 'PopOut',
        paras: [
          'Sıran geldiğinde ya her zamanki gibi bir taş bırakırsın ya da alt satırdan kendi taşlarından birini çıkarırsın. Çıkan taş oyundan ayrılır, o sütunda üstündeki her şey bir satır aşağı kayar.',
          'Çıkarma iki rengin taşlarını birden oynattığı için senin, rakibinin ya da ikinizin birden çizgisini tamamlayabilir. İkiniz aynı anda çizgi yaparsanız çıkaran kazanır; yalnızca rakip çizgi yaparsa rakip kazanır.',
          'Tahtayı çizgisiz dolduran bir bırakma beraberliktir; tahtayı boşaltan bir çıkarma da öyle. Aynı pozisyon aynı oyuncu sıradayken üçüncü kez oluşursa oyun berabere biter; masa ikincisinde uyarır.',
          'Masada alt satırdaki kendi taşlarında bir çıkarma işareti görünür: çıkarmak için taşa (ya da altındaki oka) tıkla. Klavyede aşağı ok çıkarmayı hedefler, Enter yapar.',
        ],
      },
    ],
    small: [
      {
        heading: 'Küçük tahta',
        paras: [
          'Tahta 6 sütun ve 5 satırdır; gerisi klasik. Kusursuz oyunda bu tahta berabere biter, yani adil bir düellodur.',
        ],
      },
    ],
    misere: [
      {
        heading: 'Misère',
        paras: [
          'Her şey tersine döner: dörtlü sırayı tamamlayan kaybeder. Tahtayı çizgi yapmadan doldurursanız oyun berabere biter.',
        ],
      },
    ],
    cylinder: [
      {
        heading: 'Silindir',
        paras: [
          'Tahta bir halkaya bükülmüştür: son sütunun sağındaki sütun yeniden ilk sütundur. Yatay ve çapraz çizgiler bu kenarın üzerinden geçebilir; 7 sütunluk tahtada g, a, b ve c ile bir çizgi olur.',
          'Masada her iki yandaki soluk sütunlar, dikişin öte yanındaki komşuları gösterir.',
        ],
      },
    ],
    obstacles: [
      {
        heading: 'Engeller',
        paras: [
          'Maçtan önce belli sayıda tarafsız engel (7×6 tahtada 4; masa 2 ile 8 arası seçebilir) rastgele seçilen sütunlara, orta sütuna göre ayna gibi simetrik düşer.',
          'Engel hücresini bir taş gibi doldurur ama kimseye ait değildir ve hiçbir çizginin parçası olmaz. Maçın iki oyununda da aynı engeller kullanılır.',
        ],
      },
    ],
    'drawn-opening': [
      {
        heading: 'Kurayla açılış',
        paras: [
          'Maçtan önce kısa bir açılış (varsayılan 2 yarım hamle, en çok 6) rastgele çekilir ve tahtaya dizilir; sırası gelen oyuncu oradan devam eder. Açılışta hiçbir zaman çizgi yoktur ve sıradaki oyuncuya tek hamlede galibiyet bırakmaz.',
          'İki oyun da aynı açılıştan renkler değişerek başlar; böylece her oyuncu her tarafı bir kez oynar.',
        ],
      },
    ],
    'three-players': [
      {
        heading: 'Üç oyuncu',
        paras: [
          'Üç renk — kırmızı, sarı ve yeşil — bu sırayla 9×7 tahtada oynar. Yeşil taşların üzerinde bir baklava işareti vardır.',
          'İlk dörtlü sıra kazanır, diğer iki oyuncu kaybeder; dolu tahta beraberliktir. Maç üç oyundur ve herkes bir kez başlasın diye oturma sırası döner.',
        ],
      },
    ],
    'two-vs-two': [
      {
        heading: 'İkiye iki',
        paras: [
          'Dört oyuncu iki takım hâlinde, kırmızı ve sarı, 8×7 tahtada oynar. Takım arkadaşları aynı rengi ve aynı sonucu paylaşır. Sıra: Kırmızı 1, Sarı 1, Kırmızı 2, Sarı 2.',
          'Her oyuncunun kendi saati vardır ve süresi biten, maçı bütün takım için kaybeder. Maç iki oyundur; takımlar renkleri ve ilk hamleyi değiştirir.',
        ],
      },
    ],
  },
  twicefour: [
    {
      heading: 'Tahta ve taşlar',
      paras: [
        'twiceFour 21 noktada oynanır: dört köşesi olmayan 5×5 bir ızgara (a–e sütunları, 1–5 satırları). Noktalar yalnızca yatay ve dikey olarak birbirine bağlıdır.',
        'Hiçbir şey bırakılmaz. Her taraf beş taşla başlar ve ikinci diziliş birincinin tersine çevrilmiş hâlidir: çarpı b1, c1, d1, b2, d2 üzerinde, daire d5, c5, b5, d4, b4 üzerinde. On bir nokta boştur, ortadaki c3 de dahil. (1 Aralık 2026’ya kadar çarpı a2, b1, c1, d1, e2’den başlıyordu; oradan ilk oynayan 2. satırı üç adımda dolduruyor ve durdurulamıyordu, bu yüzden başlangıç değişti. Bu başlangıçtan hiçbir taraf erkenden bir tur galibiyetini zorlayamaz.) 1. turdan önce herkes çarpı ya da daireyi seçer; ikisi de aynısını isterse kura çekilir.',
      ],
    },
    {
      heading: 'Hamle ve puan',
      paras: [
        'Oyuncular sırayla taşlarından birini komşu boş noktaya bir adım götürür — çapraz adım yoktur. Adım atamayan pas geçer.',
        'Dört noktalık 16 çizgi vardır: 2, 3 ve 4. satırların ve b, c, d sütunlarının dörtlük parçaları ile dört çapraz (a2–d5, b1–e4, a4–d1, b5–e2). Bunlardan birinde dört taşın olursa bir puan alırsın. Taşlar yerinde kalır, ama o çizgi bu turda iki oyuncu için de bir daha sayılmaz.',
        'İki puanı ilk alan turu kazanır; iki çizgiyi birden tamamlayan bir hamle ikisini de sayar. Süresi biten ya da pes eden turu kaybeder.',
      ],
    },
    {
      heading: 'Kimse ulaşamazsa',
      paras: [
        'Tur 80 yarım hamleden sonra ya da aynı pozisyon (her taş aynı noktada, sıra aynı oyuncuda) üçüncü kez oluşunca biter; masa ikincisinde uyarır. O zaman puanı fazla olan kazanır; puanlar eşitse yerleşimi iyi olan: henüz sayılmamış ve rakip taşı olmayan her çizgideki kendi taş sayının karesini al (1, 4 ya da 9) ve topla. Yine eşitse tur berabere biter.',
      ],
    },
    {
      heading: 'Maç ve seviyeler',
      paras: [
        '1. turu kurayı kazanan, 2. turu diğer oyuncu başlatır. Kazanılan tur 1, berabere tur ½ puandır. İki turdan sonra 1–1 ise üçüncü tur karar verir, başlayanı yine kurayla belirlenir; o da berabere biterse maç berabere biter.',
        'Bilgisayarın yedi seviyesi vardır: hamle başına 60, 50, 40, 30, 25, 20 ve 15 saniye; ileriye 1, 2, 3, 4, 5, 6 ve 8 yarım hamle bakar.',
      ],
    },
    {
      heading: 'Çözümlü örnek',
      paras: [
        'Çarpı d2–d5 ile zaten puan almış ve b1, c2, d3, d4, d5 üzerinde duruyor; d2 ve e4 boş. d4–e4 adımı b1–e4 çaprazını tamamlar: ikinci puan ve tur. c2–d2 adımı d2–d5 çizgisini yeniden tamamlar, ama bir çizgi yalnızca bir kez sayıldığı için hiçbir şey getirmez. Aşağıdaki tahtada dene.',
      ],
    },
  ],
  facts: 'Bilmekte yarar var',
  factList: [
    'Klasik 7×6: kusursuz oyunda başlayan oyuncu 41. taşla kazanır (Allen ve Allis, 1988).',
    'Küçük tahta çeşidinin 6×5 tahtası kusursuz oyunda beraberedir; 5×4 ve 7×7 de öyle.',
    '7×6 PopOut’ta başlayan, 7×6 misère’de ikinci oyuncu kazanır.',
  ],
};
