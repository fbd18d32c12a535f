// fontconfig: finding an installed font file by family name ("sans-serif").
#include <fontconfig/fontconfig.h>
