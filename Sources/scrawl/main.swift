import ScrawlCore
import ScrawlGL
print(ShaderLibrary.names)
